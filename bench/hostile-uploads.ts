import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  benchCompany,
  freePort,
  insertCloudConnection,
  round,
  startProduct,
  stop,
  waitFor200,
  webhookSender,
  withDb,
} from './lib.ts';
import { graphAnswerer } from './cloud-webhook.ts';
import { inlineRow, repeated, workbookParts, zipParts } from '../packages/server/test/support/xlsx-zip.ts';
import { startFakeTypebot, TYPEBOT_PUBLIC_ID } from '../packages/server/test/support/fake-typebot.ts';

/**
 * What hostile input costs the product's memory (goal: +50 MB at most each), the product run as
 * `npm start` runs it, its RSS read from /proc every 10 ms:
 * (a) a 50 MB .xlsx uploaded to a contact list: 49 MB of stored noise, then 15,000,000 tiny shared
 *     strings with no sizes up front (the hostile sheet), refused with 400;
 * (b) a Typebot integration whose image bubble streams 300 MB without content-length, answered
 *     by a customer's message on a Cloud API connection (the download stops at the image limit;
 *     the bubble goes as its link).
 * Baseline: the highest RSS of the quiet second before each case (after a small valid import
 * and a first Typebot conversation, so code loaded once is not counted). Figures: baseline,
 * peak, delta (MB), the answer and time, the image bytes the product read before hanging up.
 */
const MB = 1024 * 1024;

async function rssMB(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Peak RSS while `fn` runs, against the highest of a quiet second before it. */
async function measured<T>(pid: number, fn: () => Promise<T>) {
  let baseline = 0;
  for (let i = 0; i < 10; i++) {
    baseline = Math.max(baseline, await rssMB(pid));
    await new Promise((r) => setTimeout(r, 100));
  }
  let peak = baseline;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await rssMB(pid));
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  const t0 = performance.now();
  const result = await fn().finally(() => (sampling = false));
  const ms = Math.round(performance.now() - t0);
  await sampler;
  return { ms, result, rss: { baselineMB: round(baseline), peakMB: round(peak), deltaMB: round(peak - baseline) } };
}

async function hostileSheet(file: string) {
  const title = inlineRow(1, ['nome', 'numero']);
  const sheet = await zipParts([
    { name: 'xl/media/image1.png', data: randomBytes(49 * MB), store: true },
    ...workbookParts(title, { si: repeated('<si><t>a</t></si>', 15_000_000), sizesAfter: true }),
  ]);
  await fs.writeFile(file, sheet);
  return sheet.length;
}

export async function benchHostileUploads() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'balcao-bench-hostile-'));
  const sheetFile = path.join(dataDir, 'hostil.xlsx');
  const sheetBytes = await hostileSheet(sheetFile);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const graph = await graphAnswerer();
  const typebot = await startFakeTypebot({ imageBytes: 300 * MB });
  const child: ChildProcess = startProduct({
    DATA_DIR: dataDir,
    PORT: String(port),
    ADMIN_PASSWORD: 'Bench-pass-1',
    WHATSAPP_CLOUD_API_URL: graph.url,
    // The fakes listen on 127.0.0.1, which the outbound policy refuses unless allowed.
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
  });
  const loadAtStart = os.loadavg()[0]!;
  let sender: ReturnType<typeof webhookSender> | undefined;
  try {
    await waitFor200(`${base}/api/plans/list`);
    const { companyId, token } = await benchCompany(base, 'Hostile uploads', {
      useCampaigns: true,
      useIntegrations: true,
    });
    const auth = { authorization: `Bearer ${token}` };
    const newList = async () =>
      (
        (await (
          await fetch(`${base}/api/contact-lists`, {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify({ name: `Hostil ${Date.now()}` }),
          })
        ).json()) as { id: number }
      ).id;
    const upload = async (data: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(data)]), 'contatos.xlsx');
      const res = await fetch(`${base}/api/contact-lists/${await newList()}/upload`, {
        method: 'POST',
        headers: auth,
        body: form,
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };

    // Warm-up: a small valid import loads the sheet readers.
    const small = await zipParts(
      workbookParts(inlineRow(1, ['nome', 'numero']) + inlineRow(2, ['Ana Souza', '5511944443333'])),
    );
    const warm = await upload(small);
    if (warm.status !== 200) throw new Error(`warm-up import: ${warm.status} ${JSON.stringify(warm.body)}`);

    const data = await fs.readFile(sheetFile);
    const sheetRun = await measured(child.pid!, () => upload(data));
    const sheet = {
      fileMB: round(sheetBytes / MB),
      status: sheetRun.result.status,
      error: sheetRun.result.body.error,
      fields: sheetRun.result.body.fields,
      message: sheetRun.result.body.message,
      ms: sheetRun.ms,
      rss: sheetRun.rss,
    };

    // (b) Typebot: the integration on a Cloud API connection; each customer starts a conversation.
    const integrationId = await withDb(dataDir, async (db) => {
      const { rows } = await db.query(
        `insert into queue_integrations (company_id, type, name, url_n8n, typebot_slug, typebot_delay_message)
         values ($1, 'typebot', 'Hostile typebot', $2, $3, 0) returning id`,
        [companyId, typebot.url, TYPEBOT_PUBLIC_ID],
      );
      return rows[0].id as number;
    });
    const conn = await insertCloudConnection(dataDir, companyId, { integration_id: integrationId });
    sender = webhookSender(base, conn);
    /** A customer's first message; done when the image download has ended and stayed so for a second. */
    const conversation = async (number: string) => {
      const before = typebot.imageBytesSent();
      await sender!.send(number, 'Cliente', 'oi');
      let last = -1;
      for (let quiet = 0; quiet < 10;) {
        await new Promise((r) => setTimeout(r, 100));
        const now = typebot.imageBytesSent();
        quiet = now > before && now === last ? quiet + 1 : 0;
        last = now;
      }
      return last - before;
    };
    // Warm-up: one conversation (its image refused too) loads the integration's code.
    await conversation('5511970000001');
    const imageRun = await measured(child.pid!, () => conversation('5511970000002'));
    const image = {
      streamedMB: 300,
      readByProductMB: round(imageRun.result / MB),
      ms: imageRun.ms,
      rss: imageRun.rss,
    };
    return {
      name: 'hostile-uploads',
      goals: { rssDeltaMB: 50 },
      machine: {
        cpus: os.cpus().length,
        loadAvg1mAtStart: round(loadAtStart),
        loadAvg1mAtEnd: round(os.loadavg()[0]!),
      },
      hostileSheet: sheet,
      typebotImage: image,
    };
  } finally {
    sender?.close();
    graph.close();
    await typebot.close();
    await stop(child);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
