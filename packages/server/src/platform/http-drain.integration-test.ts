import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, SUPER_EMAIL, SUPER_PASSWORD, type TestApp } from '../../test/support/app.js';
import { eventually } from '../../test/support/eventually.js';

/**
 * Issue 33: a stopping process loses no request behind a proxy (http-drain.ts). A proxy's request
 * on a connection accepted before the listener closed is answered, not reset (a POST reset is
 * answered 502 by nginx, which never sends it twice); GETs are answered 503 unrun, for the proxy
 * to send elsewhere.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

const port = () => new URL(t.url).port;
const connect = () =>
  new Promise<net.Socket>((resolve, reject) => {
    const socket = net.connect(Number(port()), '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
/** Writes a raw HTTP/1.1 request on `socket`; answers the raw answer, or the error that ended the socket. */
function exchange(socket: net.Socket, request: string): Promise<string> {
  return new Promise((resolve) => {
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    socket.once('error', (err) => resolve(`socket error: ${err.message}`));
    socket.once('close', () => resolve(answer));
    socket.write(request);
  });
}
const refused = () =>
  connect().then(
    (s) => (s.destroy(), false),
    () => true,
  );

describe('draining the HTTP side', () => {
  it('a connection accepted before the listener closed delivers its POST and gets its answer; GETs get 503', async () => {
    // A proxy's connection, open, its request not written yet (nginx writes it right after connecting).
    const early = await connect();
    const login = JSON.stringify({ email: SUPER_EMAIL, password: SUPER_PASSWORD });
    const drained = t.running.lifecycle.drainHttp!();

    // While draining, before the listener closes: a GET is not run (503, for the proxy to send
    // elsewhere), and says the connection closes; health still answers.
    const get = await fetch(`${t.url}/api/auth/me`);
    expect(get.status).toBe(503);
    expect(get.headers.get('connection')).toBe('close');
    expect(await get.json()).toMatchObject({ error: 'ERR_NOT_READY' });
    expect((await fetch(`${t.url}/api/health`)).status).toBe(200);

    await eventually(refused, 10_000, 'the listener to close');
    const answer = await exchange(
      early,
      `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(login)}\r\n\r\n${login}`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(answer).toContain(SUPER_EMAIL);
    await drained;
  });
});
