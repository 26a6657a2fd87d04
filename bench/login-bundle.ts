import { gzipSync } from 'node:zlib';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { freePort, startProduct, stop, waitFor200 } from './lib.ts';

/**
 * JavaScript a browser downloads to show /login (goal ≤ 250 KB gzip): every .js response of a
 * cold page load in Chromium, its gzip size and the bytes the server really sent.
 */
export async function benchLoginBundle() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'balcao-bench-'));
  const port = await freePort();
  const child = startProduct({ DATA_DIR: dataDir, PORT: String(port), ADMIN_PASSWORD: 'Bench-pass-1' });
  try {
    await waitFor200(`http://127.0.0.1:${port}/login`);
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const page = await browser.newPage();
    const files: Array<{ url: string; raw: number; gzip: number; sent: number }> = [];
    const pending: Promise<void>[] = [];
    page.on('response', (res) => {
      if (!res.url().endsWith('.js')) return;
      pending.push(
        Promise.all([res.body(), res.request().sizes()]).then(([body, sizes]) => {
          files.push({
            url: new URL(res.url()).pathname,
            raw: body.length,
            gzip: gzipSync(body).length,
            sent: sizes.responseBodySize,
          });
        }),
      );
    });
    await page.goto(`http://127.0.0.1:${port}/login`, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    await browser.close();
    const total = files.reduce((s, f) => s + f.gzip, 0);
    return {
      name: 'login-page-javascript',
      goalKbGzip: 250,
      kbGzip: Math.round(total / 102.4) / 10,
      kbRaw: Math.round(files.reduce((s, f) => s + f.raw, 0) / 102.4) / 10,
      /** What actually crossed the wire (the server sends pre-compressed brotli or gzip). */
      kbSent: Math.round(files.reduce((s, f) => s + f.sent, 0) / 102.4) / 10,
      files: files.sort((a, b) => b.gzip - a.gzip).map((f) => `${f.url} ${Math.round(f.gzip / 1024)} KB`),
    };
  } finally {
    await stop(child);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
