import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionsOf, startTestApp, SUPER_EMAIL, type TestApp } from '../../test/support/app.js';
import { SessionRegistry } from '../channels/registry.js';
import { drainOutbox } from '../modules/messages/outbox.js';
import { CHANNEL_FACTORIES } from '../channel-providers.js';
import { eventually } from '../../test/support/eventually.js';
import { createTenant } from '../../test/support/factories.js';
import { pairedSandbox, sandboxCustomer } from '../../test/support/sandbox-phone.js';

/** Contract "Operations": every answer carries x-request-id, kept when valid, on the request's log line and its jobs'. */
const lines: Array<Record<string, any>> = [];
let t: TestApp;
beforeAll(async () => {
  const logTo = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, any>);
      done();
    },
  });
  // Mails go to the log (SMTP_URL unset): the mail job's own line shows the id it carried. Debug:
  // the outbox's line per send.
  t = await startTestApp({ LOG_LEVEL: 'debug', SMTP_URL: '' }, { logTo });
});
afterAll(() => t.stop());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const lineOf = (id: string) => lines.find((l) => l.msg === 'request completed' && l.reqId === id);

describe('x-request-id', () => {
  it('keeps a valid incoming id: on the answer and on the request log line', async () => {
    const id = 'edge-proxy.42_Ab-c';
    const res = await t.api.request('GET', '/api/plans/list', undefined, { 'x-request-id': id });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe(id);
    expect(lineOf(id)).toMatchObject({ req: { url: '/api/plans/list' }, res: { statusCode: 200 } });
  });

  it('replaces an invalid one (too long, other characters, empty) with a generated id', async () => {
    for (const given of ['a'.repeat(65), 'has space', 'semi;colon', 'ação', '']) {
      const res = await t.api.request('GET', '/api/plans/list', undefined, { 'x-request-id': given });
      const id = res.headers.get('x-request-id')!;
      expect(id, given).toMatch(UUID);
      expect(lineOf(id), given).toBeDefined();
    }
    const max = 'Z'.repeat(64);
    expect(
      (await t.api.request('GET', '/api/health', undefined, { 'x-request-id': max })).headers.get('x-request-id'),
    ).toBe(max);
  });

  it('is on every answer: no id sent, refusals, errors, unknown addresses', async () => {
    const answers = [
      await t.api.get('/api/health'),
      await t.api.get('/api/contacts'), // 401
      await t.api.get('/api/no-such-route'), // 404
      await t.api.post('/api/auth/login', { email: 'nope' }), // 400
      await t.api.get(`/api/tickets/${'9'.repeat(120)}`), // the router's refusal (414)
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 401, 404, 400, 414]);
    const ids = answers.map((r) => r.headers.get('x-request-id'));
    expect(ids.map((id, i) => `${answers[i]!.status} ${UUID.test(id ?? '')}`)).toEqual(
      answers.map((r) => `${r.status} true`),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('goes into the jobs a request queues, and onto their log lines', async () => {
    const id = `reset-click-${Date.now()}`;
    const res = await t.api.request('POST', `/api/forgetpassword/${SUPER_EMAIL}`, {}, { 'x-request-id': id });
    expect(res.status).toBeLessThan(300);
    const { rows } = await t.running.deps.pools.owner.query<{ rid: string }>(
      `select data->>'rid' as rid from pgboss.job where name = 'mail-send'`,
    );
    expect(rows.map((r) => r.rid)).toContain(id);
    const mailLine = await eventually(() => lines.find((l) => l.mail && l.reqId === id));
    expect(mailLine.reqId).toBe(id);
  });

  it("follows a message from the POST that queued it to its send's log line, in whichever process sends it", async () => {
    const tenant = await createTenant(t);
    const conn = await pairedSandbox(t, tenant);
    const api = tenant.admin.api;
    const { ticketId } = await sandboxCustomer(t, api, conn, 'Cliente').says('Olá');
    expect((await api.put(`/api/tickets/${ticketId}`, { status: 'open' })).status).toBe(200);
    // Nobody holds the session when the message is queued: the process that takes it next sends
    // it, long after the request ended (a restart, or another process taking over).
    await sessionsOf(t).stop();
    const id = `answer-click-${Date.now()}`;
    const res = await api.request('POST', `/api/messages/${ticketId}`, { body: 'Bom dia' }, { 'x-request-id': id });
    expect(res.status).toBe(201);
    const messageId = res.body.messages[0].id as number;
    t.running.deps.sessions = new SessionRegistry(t.running.deps, CHANNEL_FACTORIES, t.running.eventsFor, drainOutbox);
    await t.running.deps.sessions.start();

    const sent = await eventually(
      () => lines.find((l) => l.msg === 'message sent' && l.messageId === messageId),
      30_000,
      'the send',
    );
    expect(sent).toMatchObject({ reqId: id, whatsappId: conn.id });
  });
});
