import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SUPER_EMAIL, SUPER_PASSWORD, TEST_OUTBOUND_ALLOWED_HOSTS } from './app.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A second, separate server process on the same database (`env`: more of its environment). */
export async function startSecondProcess(
  dbUrl: string,
  env: Record<string, string> = {},
): Promise<{ url: string; child: ChildProcess; output: () => string }> {
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
      OUTBOUND_ALLOWED_HOSTS: TEST_OUTBOUND_ALLOWED_HOSTS,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = `http://127.0.0.1:${port}`;
  let out = '';
  await new Promise<void>((resolve, reject) => {
    // tsx compiles the server as it starts: on a loaded machine that took over 30 s.
    const timer = setTimeout(() => reject(new Error(`second process did not start:\n${out}`)), 90_000);
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
  return { url, child, output: () => out };
}
