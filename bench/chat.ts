import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { apiCaller, benchCompany, freePort, round, startProduct, stats, stop, waitFor200 } from './lib.ts';

/**
 * Internal chat (issue 17; goal p99 ≤ 100 ms): through the product as `npm start` runs it, two
 * colleagues in one chat; one posts a message (`POST /api/chats/{id}/messages`, kept-alive HTTP)
 * and the other's socket (socket.io-client over websocket, as the web connects) hears the
 * `company-{id}-chat` new-message. One sample: from just before the POST to that event. One
 * message at a time, each after the previous one was heard; CHAT_BENCH_MESSAGES (1,000) after
 * CHAT_BENCH_WARMUP (50). The sender's answer time is reported too, and the load average.
 */
const MESSAGES = Number(process.env.CHAT_BENCH_MESSAGES ?? 1_000);
const WARMUP = Number(process.env.CHAT_BENCH_WARMUP ?? 50);
const WAIT_MS = 10_000;

export async function benchChat() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'balcao-bench-chat-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = startProduct({ DATA_DIR: dataDir, PORT: String(port), ADMIN_PASSWORD: 'Bench-pass-1' });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const loadAtStart = os.loadavg();
  let socket: Socket | undefined;
  try {
    await waitFor200(`${base}/api/plans/list`);
    const call = apiCaller(base);
    const { companyId, token: senderToken } = await benchCompany(base, 'Chat bench', { useInternalChat: true });
    const colleague = { name: 'Colega', email: `colega-${Date.now()}@example.com`, password: 'bench-pass' };
    const { id: colleagueId } = await call('POST', '/api/users', colleague, senderToken);
    const readerToken = (
      await call('POST', '/api/auth/login', { email: colleague.email, password: colleague.password })
    ).token as string;
    const chat = await call('POST', '/api/chats', { title: 'Bench', users: [{ id: colleagueId }] }, senderToken);

    socket = await new Promise<Socket>((resolve, reject) => {
      const s = io(base, { transports: ['websocket'], query: { token: readerToken }, reconnection: false });
      s.once('ready', () => resolve(s));
      s.once('connect_error', reject);
    });
    let waiting: { text: string; resolve: (at: number) => void } | undefined;
    socket.on(`company-${companyId}-chat`, (e: { action: string; newMessage?: { message: string } }) => {
      const at = performance.now();
      if (e.action === 'new-message' && waiting && e.newMessage?.message === waiting.text) waiting.resolve(at);
    });

    const post = (body: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(
          `${base}/api/chats/${chat.id}/messages`,
          {
            method: 'POST',
            agent,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${senderToken}` },
          },
          (res) => {
            res.resume();
            res.on('end', () =>
              res.statusCode === 201 ? resolve(performance.now()) : reject(new Error(`${res.statusCode}`)),
            );
          },
        );
        req.on('error', reject);
        req.end(body);
      });

    const heardMs: number[] = [];
    const answeredMs: number[] = [];
    for (let i = 0; i < WARMUP + MESSAGES; i++) {
      const text = `mensagem ${i} ${'x'.repeat(40)}`;
      const heard = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`message ${i} not heard in ${WAIT_MS} ms`)), WAIT_MS);
        waiting = {
          text,
          resolve: (at) => {
            clearTimeout(timer);
            resolve(at);
          },
        };
      });
      const t0 = performance.now();
      const [answeredAt, heardAt] = await Promise.all([post(JSON.stringify({ message: text })), heard]);
      if (i < WARMUP) continue;
      heardMs.push(heardAt - t0);
      answeredMs.push(answeredAt - t0);
    }
    // The reader's unread count: every message counted once, then cleared by reading.
    const unreadsOf = (c: { users: Array<{ userId: number; unreads: number }> }) =>
      c.users.find((u) => u.userId === colleagueId)?.unreads;
    const before = await call('GET', `/api/chats/${chat.id}`, undefined, readerToken);
    const read = await call('POST', `/api/chats/${chat.id}/read`, {}, readerToken);
    const stored = (await call('GET', `/api/chats/${chat.id}/messages`, undefined, readerToken)).count;
    return {
      bench: 'chat',
      goal: 'message to the other member’s socket p99 ≤ 100 ms',
      messages: MESSAGES,
      toOtherMembersSocketMs: stats(heardMs),
      postAnsweredMs: stats(answeredMs),
      storedMessages: stored,
      readerUnreadsBeforeRead: unreadsOf(before),
      readerUnreadsAfterRead: unreadsOf(read),
      loadAverage: { atStart: loadAtStart.map(round), atEnd: os.loadavg().map(round) },
      cpus: os.cpus().length,
    };
  } finally {
    socket?.close();
    agent.destroy();
    await stop(child);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
