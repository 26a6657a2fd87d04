import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '@balcao/contracts';
import { startTestApp, type TestApp } from '../../test/support/app.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

/** What a raw HTTP exchange answered: the status, the headers (lower-cased) and the body. */
interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `request` as is over a new connection and reads the answer until the server closes it. */
function raw(request: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(t.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
  });
}

/** The catalogue's body, with the status the catalogue gives its code, and nothing of `secret`. */
function expectCatalogue(status: number, text: string, code: string, secret: string) {
  expect(status, text).toBe(ERROR_STATUS[code as keyof typeof ERROR_STATUS]);
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(body).toMatchObject({ error: code, message: expect.any(String) });
  expect(Object.keys(body).filter((k) => k !== 'fields')).toEqual(['error', 'message']);
  expect(text).not.toContain(secret);
}

describe('errors raised before any route runs answer the catalogue, never echoing the URL', () => {
  it('a path parameter over 100 characters: 414 ERR_URI_TOO_LONG', async () => {
    const secret = `x${'7'.repeat(120)}`;
    const res = await fetch(`${t.url}/api/contacts/${secret}`);
    expectCatalogue(res.status, await res.text(), 'ERR_URI_TOO_LONG', secret);
  });

  it('a malformed escape in the path: 400 ERR_VALIDATION', async () => {
    const res = await raw('GET /api/contacts/secret%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expectCatalogue(res.status, res.body, 'ERR_VALIDATION', 'secret');
  });

  it('a URL over 16 KB (refused by Node’s HTTP parser): 431 ERR_HEADERS_TOO_LARGE', async () => {
    const secret = `s${'e'.repeat(17 * 1024)}`;
    const res = await raw(`GET /api/contacts?q=${secret} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expectCatalogue(res.status, res.body, 'ERR_HEADERS_TOO_LARGE', 'seee');
  });

  it('a request Node cannot parse: 400 ERR_VALIDATION', async () => {
    const res = await raw('GET /api/contacts?secret HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
    expectCatalogue(res.status, res.body, 'ERR_VALIDATION', 'secret');
  });

  it('Engine.IO refusals (unknown transport or session), polling or upgrading: 400 ERR_VALIDATION', async () => {
    const unknown = await fetch(`${t.url}/socket.io/?EIO=4&transport=secret-pigeon`);
    expect(unknown.headers.get('content-type')).toMatch(/^application\/json/);
    expectCatalogue(unknown.status, await unknown.text(), 'ERR_VALIDATION', 'secret');
    const noSession = await fetch(`${t.url}/socket.io/?EIO=4&transport=polling&sid=secret-sid`);
    expectCatalogue(noSession.status, await noSession.text(), 'ERR_VALIDATION', 'secret');
    const upgrade = await raw(
      'GET /socket.io/?EIO=4&transport=secret-pigeon HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n' +
        'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    );
    expectCatalogue(upgrade.status, upgrade.body, 'ERR_VALIDATION', 'secret');
  });

  it('an unknown API path: 404 ERR_NOT_FOUND without the path', async () => {
    const res = await fetch(`${t.url}/api/no-such-secret-route`);
    expectCatalogue(res.status, await res.text(), 'ERR_NOT_FOUND', 'secret');
  });
});
