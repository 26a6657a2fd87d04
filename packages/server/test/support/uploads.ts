import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ApiResponse } from './client.js';
import type { TestApp } from './app.js';

/** A part of a hand-written multipart body: a field, or a file when `filename` is given. */
export interface RawPart {
  name: string;
  value: string | Buffer;
  filename?: string;
  /** The part's Content-Type, sent as is (FormData would not send some of these). */
  type?: string;
}

/**
 * A multipart body written by hand, for what FormData never sends: odd part types, a body cut
 * off inside its last part (`truncate`), or a content type without its boundary.
 */
export function rawMultipart(
  parts: RawPart[],
  opts: { truncate?: boolean; noBoundary?: boolean } = {},
): { body: Buffer; contentType: string } {
  const boundary = `----balcao${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"`;
    head += '\r\n';
    if (p.type !== undefined) head += `Content-Type: ${p.type}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  let body = Buffer.concat(chunks);
  // Cut inside the last part's data: no delimiter follows it.
  if (opts.truncate) body = body.subarray(0, body.length - `\r\n--${boundary}--\r\n`.length - 2);
  return { body, contentType: opts.noBoundary ? 'multipart/form-data' : `multipart/form-data; boundary=${boundary}` };
}

/** POSTs a raw multipart body; the answer parsed as JSON when it is JSON. */
export async function postRaw(
  url: string,
  form: { body: Buffer; contentType: string },
  headers: Record<string, string> = {},
): Promise<ApiResponse> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': form.contentType },
    body: new Uint8Array(form.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, headers: res.headers };
}

/** Every file the app's local storage holds for a company, as `<yyyy-mm>/<name>`, sorted. */
export async function storedFiles(t: TestApp, companyId: number): Promise<string[]> {
  const root = path.join(t.running.deps.config.DATA_DIR, 'media', String(companyId));
  const months = await fs.readdir(root).catch(() => [] as string[]);
  const files = await Promise.all(
    months.map(async (m) => (await fs.readdir(path.join(root, m))).map((f) => `${m}/${f}`)),
  );
  return files.flat().sort();
}
