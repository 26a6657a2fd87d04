import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { startFakeOpenAi } from '../packages/server/test/support/fake-openai.ts';
import { startFakeGraph } from '../packages/server/test/support/fake-graph.ts';
import {
  apiCaller,
  benchCompany,
  freePort,
  round,
  startProduct,
  stats,
  stop,
  waitFor200,
  webhookSender,
  withDb,
} from './lib.ts';
import { serverCpu } from './cloud-webhook.ts';

/**
 * The AI's answer overhead beyond the model's own time (goal: p95 ≤ 30 ms), through the product
 * as `npm start` runs it: a Cloud API connection whose prompt holds every new ticket, customers
 * writing one message at a time each (signed webhook deliveries, as Meta sends them), the
 * OpenAI-compatible fake answering each completion after AI_BENCH_MODEL_MS, sends to the Graph
 * API fake. Each sample runs from just before the webhook POST to the answer's send reaching the
 * Graph fake (both clocks this process's `Date.now()`), minus the time the fake spent between receiving that completion
 * request and answering it: what is left is storing the message, the turn's reads, the HTTP
 * call's own cost, the write, the outbox and the send.
 * Env: AI_BENCH_CUSTOMERS (50), AI_BENCH_MESSAGES (10 each), AI_BENCH_IN_FLIGHT (5 customers at
 * once), AI_BENCH_MODEL_MS (100).
 */
const CUSTOMERS = Number(process.env.AI_BENCH_CUSTOMERS ?? 50);
const MESSAGES = Number(process.env.AI_BENCH_MESSAGES ?? 10);
const IN_FLIGHT = Number(process.env.AI_BENCH_IN_FLIGHT ?? 5);
const MODEL_MS = Number(process.env.AI_BENCH_MODEL_MS ?? 100);
const WARMUP = 3;
const SYSTEM = 'Você é a atendente virtual da loja de testes. Responda com educação e em poucas palavras, sempre.';

export async function benchAi() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'balcao-bench-ai-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const graph = await startFakeGraph();
  const ai = await startFakeOpenAi({ delayMs: MODEL_MS });
  ai.answerWith((call) => `Resposta a: ${call.messages.at(-1)?.content ?? ''}`);
  const child: ChildProcess = startProduct({
    DATA_DIR: dataDir,
    PORT: String(port),
    ADMIN_PASSWORD: 'Bench-pass-1',
    WHATSAPP_CLOUD_API_URL: `${graph.url}/v21.0`,
    OPENAI_BASE_URL: ai.url,
  });
  const loadAtStart = os.loadavg()[0]!;
  let sender: ReturnType<typeof webhookSender> | undefined;
  try {
    await waitFor200(`${base}/api/plans/list`);
    const { companyId, token } = await benchCompany(base, 'AI bench', { useOpenAi: true });
    const queueId = await withDb(dataDir, async (db) => {
      const { rows } = await db.query(
        `insert into queues (company_id, name, color, greeting_message) values ($1, 'Atendentes', '#123456', 'Olá') returning id`,
        [companyId],
      );
      return rows[0].id as number;
    });
    const call = apiCaller(base);
    const prompt = await call(
      'POST',
      '/api/prompt',
      { name: 'Bench AI', prompt: SYSTEM, apiKey: 'sk-bench', queueId, maxMessages: 10, maxTokens: 100 },
      token,
    );
    // The connection's prompt: every new ticket takes it (automation/holder-entry.ts).
    const cloud = { phoneNumberId: '106540352242955', appSecret: randomBytes(16).toString('hex') };
    const { id } = await call(
      'POST',
      '/api/whatsapp',
      {
        name: 'Cloud AI bench',
        provider: 'cloud',
        isDefault: true,
        ...cloud,
        accessToken: `EAAG${randomBytes(20).toString('hex')}`,
        promptId: prompt.id,
      },
      token,
    );
    for (let tries = 0; (await call('GET', `/api/whatsapp/${id}`, undefined, token)).status !== 'CONNECTED'; tries++) {
      if (tries > 600) throw new Error('the connection never connected');
      await new Promise((r) => setTimeout(r, 100));
    }
    sender = webhookSender(base, { id, ...cloud });

    // Arrival times of the sends per recipient, read from the fake's log as it grows: a filter
    // over the whole log at each of the fake's changes cost this process ~1 ms a message by the
    // end of a run, on the cores the product shares.
    const sendTimes = new Map<string, number[]>();
    let logged = 0;
    const readLog = () => {
      for (; logged < graph.requests.length; logged++) {
        const r = graph.requests[logged]!;
        const to = r.body?.to as string | undefined;
        if (!r.path.endsWith('/messages') || !to) continue;
        const times = sendTimes.get(to) ?? [];
        times.push(r.at);
        sendTimes.set(to, times);
      }
    };
    /** When the `index`-th send (0-based) to `number` reached the Graph fake. */
    const sendAt = (number: string, index: number) =>
      graph.until(() => {
        readLog();
        return sendTimes.get(number)?.[index];
      }, 30_000);

    /** One sample: the customer's message → the AI's answer sent, less the model's own time. */
    const exchange = async (number: string, body: string, index: number) => {
      const t0 = Date.now();
      await sender!.send(number, `Cliente ${number.slice(-4)}`, body);
      const sent = await sendAt(number, index);
      const call = ai.chats.find((c) => c.messages.at(-1)?.content === body);
      if (!call?.answeredAt) throw new Error(`no completion for ${body}`);
      return {
        total: sent - t0,
        model: call.answeredAt - call.at,
        before: call.at - t0,
        after: sent - call.answeredAt,
      };
    };
    for (let w = 0; w < WARMUP; w++) await exchange(`55116${String(90_000_000 + w)}`, `aquecimento ${w}`, 0);

    const overhead: number[] = [];
    const totals: number[] = [];
    const before: number[] = [];
    const after: number[] = [];
    const cpuBefore = await serverCpu(child.pid!, dataDir);
    const started = performance.now();
    let next = 0;
    const customer = async () => {
      while (next < CUSTOMERS) {
        const c = next++;
        const number = `55115${String(80_000_000 + c)}`;
        for (let i = 0; i < MESSAGES; i++) {
          const sample = await exchange(number, `cliente ${c}, mensagem ${i + 1}`, i);
          overhead.push(sample.total - sample.model);
          totals.push(sample.total);
          before.push(sample.before);
          after.push(sample.after);
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, customer));
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = await serverCpu(child.pid!, dataDir);
    const perMessage = (key: 'server' | 'postgres') =>
      round((1000 * (cpuAfter[key] - cpuBefore[key])) / overhead.length);
    const books = await withDb(dataDir, async (db) => {
      const { rows } = await db.query(
        `select count(*) filter (where not m.from_me)::int as inbound, count(*) filter (where m.from_me)::int as answers,
           count(distinct m.ticket_id)::int as tickets
         from messages m join tickets t on t.id = m.ticket_id join contacts c on c.id = t.contact_id
         where c.number like '55115%'`,
      );
      return rows[0] as { inbound: number; answers: number; tickets: number };
    });
    return {
      name: 'ai-answer-overhead',
      goalOverheadP95Ms: 30,
      machine: {
        cpus: os.cpus().length,
        loadAvg1mAtStart: round(loadAtStart),
        loadAvg1mAtEnd: round(os.loadavg()[0]!),
      },
      modelMs: MODEL_MS,
      customers: CUSTOMERS,
      customersAtOnce: IN_FLIGHT,
      messages: overhead.length,
      overheadMs: stats(overhead),
      // The overhead's two halves: webhook POST → completion request; completion answered → send.
      inboundToCompletionMs: stats(before),
      completionToSendMs: stats(after),
      inboundToAnswerSentMs: stats(totals),
      messagesPerSecond: round(overhead.length / seconds),
      completions: ai.chats.length - WARMUP,
      stored: books,
      cpuMsPerMessage: { server: perMessage('server'), postgres: perMessage('postgres') },
    };
  } finally {
    sender?.close();
    await graph.close();
    await ai.close();
    await stop(child);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
