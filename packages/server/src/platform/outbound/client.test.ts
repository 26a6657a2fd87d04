import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundClient, OutboundFailed, OutboundRefused } from './client.js';
import { parseAllowance } from './policy.js';

/** A service on 127.0.0.1: what it was asked, and how many bytes it streamed. */
let server: http.Server;
let port: number;
const asked: string[] = [];
let streamed = 0;
let streamClosed = false;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    asked.push(req.url!);
    if (req.url === '/to-internal') {
      res.writeHead(302, { location: `http://127.0.0.1:${port}/secret` });
      return res.end();
    }
    if (req.url === '/endless') {
      // No content-length: only counting while it streams can stop it.
      res.writeHead(200, { 'content-type': 'image/png' });
      const chunk = Buffer.alloc(256 * 1024, 1);
      res.on('close', () => (streamClosed = true));
      const pump = () => {
        while (!res.destroyed && streamed < 300 * 1024 * 1024) {
          streamed += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      return pump();
    }
    res.end('{"ok":true}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((r) => server.close(r)));

const get = (allowed: string, url: string, extra: { maxBytes?: number; maxRedirects?: number } = {}) =>
  outboundClient(parseAllowance(allowed)).request(url, { timeoutMs: 5_000, maxBytes: 1024, ...extra });

describe('the outbound client', () => {
  it.each(['127.0.0.1', '2130706433', '0x7f000001', '127.1', '[::ffff:127.0.0.1]'])(
    'refuses http://%s:port before connecting (no allowance)',
    async (host) => {
      const before = asked.length;
      await expect(get('', `http://${host}:${port}/x`)).rejects.toThrow(OutboundRefused);
      expect(asked.length).toBe(before);
    },
  );

  it('refuses a name that resolves to loopback (localhost), never connecting', async () => {
    const before = asked.length;
    const err = await get('', `http://localhost:${port}/x`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutboundRefused);
    expect((err as Error).message).toBe('refused: internal address');
    expect(asked.length).toBe(before);
  });

  it('lets an allowed CIDR or host name through', async () => {
    expect((await get('127.0.0.0/8', `http://127.0.0.1:${port}/a`)).json()).toEqual({ ok: true });
    expect((await get('127.0.0.0/8', `http://localhost:${port}/b`)).status).toBe(200);
    expect((await get('localhost', `http://localhost:${port}/c`)).status).toBe(200);
    // The name is allowed, not the address it resolves to.
    await expect(get('localhost', `http://127.0.0.1:${port}/d`)).rejects.toThrow(OutboundRefused);
  });

  it('checks every redirect: from an allowed host to a blocked address is refused', async () => {
    const before = asked.filter((u) => u === '/secret').length;
    await expect(get('localhost', `http://localhost:${port}/to-internal`, { maxRedirects: 3 })).rejects.toThrow(
      OutboundRefused,
    );
    expect(asked.filter((u) => u === '/secret').length).toBe(before);
  });

  it('stops a stream without content-length as soon as it passes the cap', async () => {
    const cap = 5 * 1024 * 1024;
    const err = await get('127.0.0.1', `http://127.0.0.1:${port}/endless`, { maxBytes: cap }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutboundFailed);
    expect((err as Error).message).toBe('answer too large');
    await expect.poll(() => streamClosed).toBe(true);
    // What the service got to write before the cut: the cap plus the sockets' buffers, not 300 MB.
    expect(streamed).toBeLessThan(cap + 16 * 1024 * 1024);
  });

  it('says "unreachable" for a closed port, in its own words', async () => {
    await expect(get('127.0.0.1', 'http://127.0.0.1:9/')).rejects.toThrow(new OutboundFailed('unreachable'));
  });
});
