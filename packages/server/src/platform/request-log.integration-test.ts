import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/support/app.js';

/** The request log: one line per request (Fastify's own pair, incoming and completed, is off). */
const lines: Array<Record<string, any>> = [];
let t: TestApp;
beforeAll(async () => {
  const logTo = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, any>);
      done();
    },
  });
  t = await startTestApp({ LOG_LEVEL: 'info' }, { logTo });
});
afterAll(() => t.stop());

it('writes one line per request, with method, path, status and duration', async () => {
  expect((await t.api.get('/api/plans/list')).status).toBe(200);
  expect((await t.api.get('/api/contacts')).status).toBe(401);
  for (const [url, statusCode] of [
    ['/api/plans/list', 200],
    ['/api/contacts', 401],
  ] as const) {
    const line = lines.find((l) => l.req?.url === url);
    expect(line, url).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url },
      res: { statusCode },
      responseTime: expect.any(Number),
    });
    expect(lines.filter((l) => l.reqId === line!.reqId)).toHaveLength(1);
  }
});
