import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { startTestApp, SUPER_EMAIL, SUPER_PASSWORD, type TestApp } from '../../test/support/app.js';
import { signupTenant } from '../../test/support/factories.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A second, separate server process on the same database. */
async function startSecondProcess(dbUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      PORT: String(port),
      DATA_DIR: path.join(os.tmpdir(), `balcao-b-${port}`),
      ADMIN_EMAIL: SUPER_EMAIL,
      ADMIN_PASSWORD: SUPER_PASSWORD,
      JWT_SECRET: 'test-jwt-secret-that-is-long-enough-000',
      JWT_REFRESH_SECRET: 'test-refresh-secret-that-is-long-enough-0',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = `http://127.0.0.1:${port}`;
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`second process did not start:\n${out}`)), 30_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('Balcão is listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => reject(new Error(`second process exited ${code}:\n${out}`)));
  });
  return { url, child };
}

const connect = (url: string, token: string) =>
  new Promise<Socket>((resolve, reject) => {
    const s = io(url, { transports: ['websocket'], query: { token }, reconnection: false });
    s.once('ready', () => resolve(s));
    s.once('connect_error', reject);
  });

let a: TestApp;
let b: { url: string; child: ChildProcess };
beforeAll(async () => {
  a = await startTestApp();
  b = await startSecondProcess(a.dbUrl);
});
afterAll(async () => {
  b?.child.kill('SIGTERM');
  await a?.stop();
});

describe('realtime across processes', () => {
  it('an event published in one process reaches a socket on the other, and no other company', async () => {
    const x = await signupTenant(a);
    const y = await signupTenant(a);
    const xSocket = await connect(b.url, x.admin.token);
    const ySocket = await connect(b.url, y.admin.token);
    const yHeard: string[] = [];
    ySocket.onAny((event: string) => yHeard.push(event));

    const heard = new Promise<{ action: string; user: { email: string } }>((resolve) =>
      xSocket.once(`company-${x.companyId}-user`, resolve),
    );
    // The write happens in process A; the sockets live in process B.
    const created = await x.admin.api.post('/api/users', { name: 'Maria', email: 'maria-x@example.com', password: 'secret1' });
    expect(created.status).toBe(201);

    const event = await heard;
    expect(event.action).toBe('update');
    expect(event.user.email).toBe('maria-x@example.com');
    await new Promise((r) => setTimeout(r, 300));
    expect(yHeard).toEqual([]);
    xSocket.close();
    ySocket.close();
  });

  it('a plain user does not hear admin-only events of the same company', async () => {
    const x = await signupTenant(a);
    const created = await x.admin.api.post('/api/users', { name: 'Joana', email: 'joana-x@example.com', password: 'secret1' });
    expect(created.status).toBe(201);
    const login = await a.api.post('/api/auth/login', { email: 'joana-x@example.com', password: 'secret1' });
    const userSocket = await connect(b.url, login.body.token);
    const adminSocket = await connect(b.url, x.admin.token);
    const userHeard: unknown[] = [];
    userSocket.on(`company-${x.companyId}-user`, (e: unknown) => userHeard.push(e));
    const adminHeard = new Promise((resolve) => adminSocket.once(`company-${x.companyId}-user`, resolve));

    await x.admin.api.post('/api/users', { name: 'Outra', email: 'outra-x@example.com', password: 'secret1' });
    await adminHeard;
    await new Promise((r) => setTimeout(r, 300));
    expect(userHeard).toEqual([]);
    userSocket.close();
    adminSocket.close();
  });
});

describe('presence', () => {
  it('a user is online while a socket is open, and offline when the last one closes', async () => {
    const x = await signupTenant(a);
    const online = async () => (await x.admin.api.get(`/api/users/${x.admin.id}`)).body.online as boolean;
    const until = async (want: boolean) => {
      for (let i = 0; i < 50 && (await online()) !== want; i++) await new Promise((r) => setTimeout(r, 100));
      return online();
    };
    expect(await online()).toBe(false);
    const first = await connect(a.url, x.admin.token);
    const second = await connect(b.url, x.admin.token);
    expect(await until(true)).toBe(true);
    first.close();
    await new Promise((r) => setTimeout(r, 300));
    expect(await online()).toBe(true); // another tab (on the other process) is still open
    second.close();
    expect(await until(false)).toBe(false);
  });
});
