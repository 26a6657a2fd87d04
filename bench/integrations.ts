import type { ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {
  benchCompany,
  freePort,
  insertCloudConnection,
  round,
  startProduct,
  stats,
  stop,
  waitFor200,
  webhookSender,
  withDb,
} from './lib.ts';
import { graphAnswerer, serverCpu } from './cloud-webhook.ts';

/**
 * Webhook integrations (automation/integrations/webhook-delivery.ts), through the product as
 * `npm start` runs it: a Cloud API connection whose integration is a webhook, so every customer
 * message is posted to a receiver. Customers write one message at a time (a signed webhook
 * delivery of one message, as Meta sends it), round after round across all tickets; each sample
 * runs from just before the delivery is posted to the moment the receiver sees the first
 * attempt's request arrive (its headers). Goal: p95 ≤ 50 ms. Also checked: every message
 * delivered exactly once (one attempt, one key each, every signature right), and the CPU per
 * message (server, PostgreSQL).
 * Env: INTEGRATIONS_BENCH_TICKETS (100), INTEGRATIONS_BENCH_ROUNDS (10 messages per ticket),
 * INTEGRATIONS_BENCH_WARMUP (20).
 */
const TICKETS = Number(process.env.INTEGRATIONS_BENCH_TICKETS ?? 100);
const ROUNDS = Number(process.env.INTEGRATIONS_BENCH_ROUNDS ?? 10);
const WARMUP = Number(process.env.INTEGRATIONS_BENCH_WARMUP ?? 20);

export async function benchIntegrations() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'balcao-bench-integrations-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const graph = await graphAnswerer();
  const secret = randomBytes(24).toString('hex');
  const receiver = await startReceiver(secret);
  const child: ChildProcess = startProduct({
    DATA_DIR: dataDir,
    PORT: String(port),
    ADMIN_PASSWORD: 'Bench-pass-1',
    WHATSAPP_CLOUD_API_URL: graph.url,
  });
  const loadAtStart = os.loadavg()[0]!;
  let sender: ReturnType<typeof webhookSender> | undefined;
  try {
    await waitFor200(`${base}/api/plans/list`);
    const { companyId } = await benchCompany(base, 'Integrations bench', { useIntegrations: true });
    const integrationId = await withDb(dataDir, async (db) => {
      const { rows } = await db.query(
        `insert into queue_integrations (company_id, type, name, url_n8n, signing_secret)
         values ($1, 'webhook', 'Bench receiver', $2, $3) returning id`,
        [companyId, `${receiver.url}/hook`, secret],
      );
      return rows[0].id as number;
    });
    const conn = await insertCloudConnection(dataDir, companyId, { integration_id: integrationId });
    sender = webhookSender(base, conn);

    const numbers = Array.from({ length: TICKETS }, (_, i) => `55119${String(70_000_000 + i).padStart(8, '0')}`);
    let seq = 0;
    /** One message, from just before it is posted to the first attempt's arrival at the receiver. */
    const one = async (number: string) => {
      const body = `bench message ${++seq}`;
      const arrived = receiver.arrival(body);
      const t0 = performance.now();
      await sender!.send(number, `Cliente ${number.slice(-4)}`, body);
      return (await arrived) - t0;
    };
    for (let i = 0; i < WARMUP; i++) await one(`55119${String(69_000_000 + i).padStart(8, '0')}`);

    const cpuBefore = await serverCpu(child.pid!, dataDir);
    const samples: number[] = [];
    const started = performance.now();
    for (let r = 0; r < ROUNDS; r++) for (const number of numbers) samples.push(await one(number));
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = await serverCpu(child.pid!, dataDir);
    // Let any stray retry or repeat show before counting.
    await new Promise((r) => setTimeout(r, 2_000));

    const measured = samples.length;
    const tickets = await withDb(dataDir, async (db) => {
      const { rows } = await db.query(
        `select count(distinct t.id)::int as n from tickets t join contacts c on c.id = t.contact_id
         where c.number = any($1) and t.integration_id = $2`,
        [numbers, integrationId],
      );
      return rows[0].n as number;
    });
    return {
      name: 'webhook-integration-first-attempt',
      goals: { firstAttemptP95Ms: 50 },
      machine: {
        cpus: os.cpus().length,
        loadAvg1mAtStart: round(loadAtStart),
        loadAvg1mAtEnd: round(os.loadavg()[0]!),
      },
      messages: measured,
      tickets,
      messagesPerSecond: round(measured / seconds),
      inboundToFirstAttemptMs: stats(samples),
      deliveries: {
        attempts: receiver.attempts,
        distinctKeys: receiver.keys.size,
        badSignatures: receiver.badSignatures,
        expected: WARMUP + measured,
      },
      cpuMsPerMessage: {
        server: round((1000 * (cpuAfter.server - cpuBefore.server)) / measured),
        postgres: round((1000 * (cpuAfter.postgres - cpuBefore.postgres)) / measured),
      },
    };
  } finally {
    sender?.close();
    graph.close();
    receiver.close();
    await stop(child);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * The customer's endpoint: answers 200 to every delivery, notes when each one's request arrived
 * (by the message's text), counts attempts and keys, and checks each signature.
 */
async function startReceiver(secret: string) {
  const arrivals = new Map<string, number>();
  const waiting = new Map<string, (at: number) => void>();
  const keys = new Set<string>();
  const counts = { attempts: 0, badSignatures: 0 };
  const server = http.createServer((req, res) => {
    const at = performance.now();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"received":true}');
      const raw = Buffer.concat(chunks).toString('utf8');
      counts.attempts++;
      keys.add(String(req.headers['idempotency-key']));
      const expected = `sha256=${createHmac('sha256', secret).update(`${req.headers['x-balcao-timestamp']}.${raw}`).digest('hex')}`;
      if (req.headers['x-balcao-signature'] !== expected) counts.badSignatures++;
      const body = (JSON.parse(raw) as { message: { body: string } }).message.body;
      if (arrivals.has(body)) return;
      arrivals.set(body, at);
      waiting.get(body)?.(at);
      waiting.delete(body);
    });
  });
  server.keepAliveTimeout = 30_000;
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    keys,
    get attempts() {
      return counts.attempts;
    },
    get badSignatures() {
      return counts.badSignatures;
    },
    /** When the first attempt carrying this message text arrived (waits up to 30 s). */
    arrival(body: string): Promise<number> {
      const known = arrivals.get(body);
      if (known !== undefined) return Promise.resolve(known);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no delivery of "${body}"`)), 30_000);
        waiting.set(body, (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      });
    },
    close: () => server.close(),
  };
}
