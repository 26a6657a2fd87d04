import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/support/app.js';
import { createTenant, type Tenant } from '../../test/support/factories.js';

/**
 * Values PostgreSQL would not store: the schemas refuse the ones they can know (a lone surrogate,
 * a year before 1900) naming the field, and a refusal that still reaches the database answers 400
 * naming the field when it can be known, its log line never holding the statement's parameters.
 */
const lines: string[] = [];
let t: TestApp;
let a: Tenant;
beforeAll(async () => {
  const logTo = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  t = await startTestApp({ LOG_LEVEL: 'info' }, { logTo });
  a = await createTenant(t);
});
afterAll(() => t.stop());

const TOKEN = 'tok-SECRET-never-logged-0123456789';
const newConnection = async () => (await a.admin.api.post('/api/whatsapp', { name: 'Loja', provider: 'sandbox' })).body;
/**
 * `act` while a column of the connections is narrower than the schemas allow (a migration that
 * drifted), then the column as it was.
 */
async function narrowed<T>(change: string, undo: string, act: () => Promise<T>): Promise<T> {
  const alter = (sql: string) => t.running.deps.pools.owner.query(`alter table whatsapps ${sql}`);
  await alter(change);
  try {
    return await act();
  } finally {
    await alter(undo);
  }
}
const logged = () => lines.join('\n');

describe('a value PostgreSQL refuses after the schemas took it', () => {
  it('answers 400 naming the field traced from the failing parameter, and logs no parameter', async () => {
    const conn = await newConnection();
    const res = await narrowed(
      'alter column greeting_message drop default, alter column greeting_message type int using 0',
      "alter column greeting_message type text using '', alter column greeting_message set default ''",
      () => a.admin.api.put(`/api/whatsapp/${conn.id}`, { token: TOKEN, greetingMessage: 'Olá, bem-vindo' }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'ERR_VALIDATION',
      message: expect.stringContaining('greetingMessage'),
      fields: { greetingMessage: 'invalidValue' },
    });
    expect(logged()).toContain('the database refused a value');
    expect(logged()).toContain('22P02');
    expect(logged()).not.toContain(TOKEN);
    expect(logged()).not.toContain('bem-vindo');
    // Nothing changed: the token is still the generated one.
    expect((await a.admin.api.get(`/api/whatsapp/${conn.id}`)).body.token).toBe(conn.token);
  });

  it('a refusal with no parameter to trace (too long): 400 saying why, nothing of the values logged', async () => {
    const conn = await newConnection();
    const res = await narrowed(
      'alter column rating_message type varchar(5)',
      'alter column rating_message type text',
      () => a.admin.api.put(`/api/whatsapp/${conn.id}`, { token: TOKEN, ratingMessage: 'Nota de 1 a 3' }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'ERR_VALIDATION', message: 'A value is too long to store' });
    expect(logged()).toContain('22001');
    expect(logged()).not.toContain(TOKEN);
    expect(logged()).not.toContain('Nota de 1 a 3');
  });

  it("a failed query's internal error (500) is logged with its statement, never its parameters", async () => {
    const conn = await newConnection();
    const res = await narrowed(
      'rename column out_of_hours_message to out_of_hours_text',
      'rename column out_of_hours_text to out_of_hours_message',
      () => a.admin.api.put(`/api/whatsapp/${conn.id}`, { token: TOKEN, outOfHoursMessage: 'Fechados' }),
    );
    expect(res.status).toBe(500);
    const line = lines.find((l) => l.includes('"level":50') && l.includes('out_of_hours_message'));
    expect(line).toBeDefined();
    expect(line).toContain('withheld');
    expect(logged()).not.toContain(TOKEN);
    expect(logged()).not.toContain('Fechados');
  });
});

describe('values PostgreSQL cannot store are refused by the schemas, naming the field', () => {
  const contactsCount = async () => (await a.admin.api.get('/api/contacts')).body.count as number;

  it('a lone UTF-16 surrogate in a JSON field: 400 invalidCharacter, nothing stored', async () => {
    const before = await contactsCount();
    const res = await a.admin.api.post('/api/contacts', {
      name: 'Ana',
      number: '5511988887777',
      extraInfo: [{ name: 'CPF', value: 'x\ud800y' }],
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ 'extraInfo.0.value': 'invalidCharacter' });
    expect(await contactsCount()).toBe(before);
    // A well-formed pair (an emoji) is text like any other.
    const ok = await a.admin.api.post('/api/contacts', {
      name: 'Ana 😀',
      number: '5511988887777',
      extraInfo: [{ name: 'CPF', value: '😀' }],
    });
    expect(ok.status).toBe(201);
    expect(ok.body.extraInfo).toEqual([expect.objectContaining({ name: 'CPF', value: '😀' })]);
  });

  it('a lone surrogate in a secret of a connection: 400 naming it', async () => {
    const conn = await newConnection();
    const res = await a.admin.api.put(`/api/whatsapp/${conn.id}`, { token: `abcdefghijklmnop\udc00` });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ token: 'invalidCharacter' });
  });

  it('a sendAt in year 0005 is refused, not stored as 1905 (and so sent at once)', async () => {
    const contact = (await a.admin.api.post('/api/contacts', { name: 'Bia', number: '5511977776666' })).body;
    const before = (await a.admin.api.get('/api/schedules')).body.count as number;
    for (const sendAt of ['0005-06-07T08:09:00Z', '0099-12-31 23:59:00', '1899-12-31T23:59:59Z']) {
      const res = await a.admin.api.post('/api/schedules', { body: 'Lembrete', contactId: contact.id, sendAt });
      expect(res.status, sendAt).toBe(400);
      expect(res.body.fields, sendAt).toEqual({ sendAt: 'yearOutOfRange' });
    }
    expect((await a.admin.api.get('/api/schedules')).body.count).toBe(before);
    const ok = await a.admin.api.post('/api/schedules', {
      body: 'Lembrete',
      contactId: contact.id,
      sendAt: '2099-06-07T08:09:00Z',
    });
    expect(ok.status).toBe(201);
  });

  it('a day in year 0000 (a filter, a due date) answers 400 naming it', async () => {
    const res = await a.admin.api.get('/api/tickets?date=0000-01-01');
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ date: 'yearOutOfRange' });
    const operator = t.api.as(await t.superToken());
    const due = await operator.put(`/api/companies/${a.companyId}`, { dueDate: '0000-01-01' });
    expect(due.status).toBe(400);
    expect(due.body.fields).toEqual({ dueDate: 'yearOutOfRange' });
  });
});
