import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createPlan, createStaff, login, signupTenant, type Tenant } from '../../../test/support/factories.js';
import { deliverAsaasEvent, startFakeAsaas, type FakeAsaas } from '../../../test/support/fake-asaas.js';
import { connectSocket } from '../../../test/support/socket.js';
import { eventually } from '../../../test/support/eventually.js';
import { issueDueInvoices } from './issue-invoices.js';

/**
 * Billing against a fake Asaas over HTTP: invoices issued at signup and by the daily job (once
 * per due date), the list and one invoice (own company only), the checkout (the server's value,
 * one charge per invoice), the payment webhook (verified, idempotent under retries and
 * concurrency), and an expired company paying through the billing token and signing in again.
 */
const WEBHOOK_TOKEN = 'asaas-webhook-token-0123456789abcdef';
/** test/support/app.ts's JWT_SECRET: tokens signed with it are the server's own. */
const TEST_JWT_SECRET = 'test-jwt-secret-that-is-long-enough-000';
let t: TestApp;
let asaas: FakeAsaas;
let planId: number;
let planName: string;
const PLAN_VALUE = 49.9;

const owner = () => t.running.deps.pools.owner;
const q = async (text: string, params: unknown[] = []) => (await owner().query(text, params)).rows;
const dayIn = (iso: Date | string, zone = 'America/Sao_Paulo') =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(iso));
/** A calendar day `months` later, the last of the month when it has no such day (as PostgreSQL adds months). */
function monthLater(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastDay))).toISOString().slice(0, 10);
}
const invoicesOf = (companyId: number) =>
  q(
    'select id, status, due_date::text as due, value::float8 as value from invoices where company_id = $1 order by due_date',
    [companyId],
  );
/** A company's due date: a calendar day (`YYYY-MM-DD`). */
const dueDateOf = async (companyId: number) =>
  (await q('select due_date::text as due from companies where id = $1', [companyId]))[0]!.due as string;
/** The company's "today" moved by `days`, a calendar day in its zone (SQL, for the owner pool). */
const dayFromToday = (days: number) => `((now() at time zone timezone)::date + ${days})`;
const checkoutBody = (invoiceId: number, extra: Record<string, unknown> = {}) => ({
  invoiceId,
  firstName: 'Ana',
  lastName: 'Souza',
  address2: 'Rua das Flores, 10',
  city: 'São Paulo',
  state: 'SP',
  zipcode: '01310-100',
  country: 'Brasil',
  ...extra,
});
/**
 * A company through the public signup (which issues the first invoice). This file signs up more
 * companies than the per-address signup limit allows in an hour: the limit's own rows are cleared
 * first (it is tested in the companies' suite).
 */
async function signedUp() {
  await q(`delete from rate_events where kind = 'signup'`);
  return signupTenant(t, { planId });
}
const paymentsAt = (externalReference: number) =>
  [...asaas.payments.values()].filter((p) => p.externalReference === String(externalReference));

beforeAll(async () => {
  asaas = await startFakeAsaas();
  t = await startTestApp({ ASAAS_API_URL: asaas.url, ASAAS_WEBHOOK_TOKEN: WEBHOOK_TOKEN });
  const plan = await createPlan(t, { value: PLAN_VALUE });
  planId = plan.id;
  planName = plan.name;
  // The platform operator keeps Asaas' API key in the platform company's `asaas` setting.
  const saved = await t.api.as(await t.superToken()).put('/api/settings/asaas', { value: asaas.apiKey });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
});
afterAll(async () => {
  await t?.stop();
  await asaas?.close();
});

describe('issuing invoices', () => {
  it('signup issues exactly one invoice: the plan value, due when the trial ends', async () => {
    const a = await signedUp();
    const rows = await invoicesOf(a.companyId);
    expect(rows).toHaveLength(1);
    const [company] = await q('select trial_expiration, due_date from companies where id = $1', [a.companyId]);
    expect(rows[0]).toMatchObject({ status: 'open', value: PLAN_VALUE, due: dayIn(company!.trial_expiration) });
    const list = await a.admin.api.get('/api/invoices/all');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({
      id: rows[0]!.id,
      detail: planName,
      value: PLAN_VALUE,
      status: 'open',
    });
  });

  it('the daily job issues the next invoice once per due date, however often it runs', async () => {
    const a = await signedUp();
    const far = await signedUp();
    // a's trial was paid: its due date is now 10 days ahead; far's is 40 days ahead.
    await q(`update companies set due_date = ${dayFromToday(10)} where id = $1`, [a.companyId]);
    await q(`update companies set due_date = ${dayFromToday(40)} where id = $1`, [far.companyId]);
    await issueDueInvoices(t.running.deps);
    await Promise.all([issueDueInvoices(t.running.deps), issueDueInvoices(t.running.deps)]);
    await issueDueInvoices(t.running.deps);
    const rows = await invoicesOf(a.companyId);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ status: 'open', due: await dueDateOf(a.companyId), value: PLAN_VALUE });
    expect(await invoicesOf(far.companyId)).toHaveLength(1);
    // The platform company (due 2099, super users) never bills itself.
    expect(await q(`select 1 from invoices i join users u on u.company_id = i.company_id where u.super`)).toEqual([]);
  });

  it("a price given by the operator's plan change bills at once, however far the due date; the job adds none", async () => {
    await q(`delete from rate_events where kind = 'signup'`);
    const free = await signupTenant(t, { planId: (await createPlan(t, { value: 0 })).id });
    expect(await invoicesOf(free.companyId)).toEqual([]);
    await q(`update companies set due_date = ${dayFromToday(40)} where id = $1`, [free.companyId]);
    const operator = t.api.as(await t.superToken());
    const res = await operator.put(`/api/companies/${free.companyId}`, { planId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = await invoicesOf(free.companyId);
    expect(rows).toEqual([
      { id: expect.any(Number), status: 'open', value: PLAN_VALUE, due: await dueDateOf(free.companyId) },
    ]);
    await issueDueInvoices(t.running.deps);
    expect(await invoicesOf(free.companyId)).toEqual(rows);
  });

  it('a trial that ended with no open invoice finds one waiting at its refused login', async () => {
    const a = await signedUp();
    await q('delete from invoices where company_id = $1', [a.companyId]);
    await q(`update companies set due_date = ${dayFromToday(-1)} where id = $1`, [a.companyId]);
    const refused = await t.api.post('/api/auth/login', { email: a.admin.email, password: a.admin.password });
    expect(refused.status).toBe(402);
    const rows = await invoicesOf(a.companyId);
    expect(rows).toMatchObject([{ status: 'open', value: PLAN_VALUE, due: await dueDateOf(a.companyId) }]);
    const list = await t.api.as(refused.body.billingToken).get('/api/invoices/all');
    expect(JSON.stringify(list.body)).toContain(`"id":${rows[0]!.id}`);
  });

  it('runs once a day as a pg-boss cron job', async () => {
    expect(await q(`select cron from pgboss.schedule where name = 'invoices-issue'`)).toEqual([{ cron: '0 6 * * *' }]);
  });
});

describe('the invoice list', () => {
  let a: Tenant;
  beforeAll(async () => {
    a = await signedUp();
    // 24 more: 2 past due (one paid), the rest ahead; detail names make the search checkable.
    await q(
      `insert into invoices (company_id, detail, value, due_date, status)
       select $1, 'Plano ' || n, 10 + n, (now() at time zone 'America/Sao_Paulo')::date + (n * 31 - 62),
              case when n = 0 then 'paid' else 'open' end
       from generate_series(0, 23) n`,
      [a.companyId],
    );
  });

  it('is newest due date first, 20 a page, with the shown status (paid, expired, open)', async () => {
    const first = await a.admin.api.get('/api/invoices/all');
    // A bare array (the spec's client iterates it), 20 a page.
    expect(first.body).toHaveLength(20);
    const second = await a.admin.api.get('/api/invoices/all?pageNumber=2');
    expect(second.body).toHaveLength(5);
    const all = [...first.body, ...second.body];
    const dues = all.map((i) => i.dueDate as string);
    expect(dues).toEqual([...dues].sort().reverse());
    const byDetail = (d: string) => all.find((i) => i.detail === d);
    expect(byDetail('Plano 0').status).toBe('paid'); // 62 days ago, paid
    expect(byDetail('Plano 1').status).toBe('expired'); // 31 days ago, unpaid
    expect(byDetail('Plano 2').status).toBe('open'); // today
    expect(byDetail('Plano 3').status).toBe('open');
  });

  it('searches detail and id', async () => {
    const found = await a.admin.api.get(`/api/invoices/all?searchParam=${encodeURIComponent('plano 23')}`);
    expect(found.body.map((i: { detail: string }) => i.detail)).toEqual(['Plano 23']);
    const id = found.body[0].id;
    const byId = await a.admin.api.get(`/api/invoices/all?searchParam=${id}`);
    expect(byId.body.map((i: { id: number }) => i.id)).toContain(id);
  });

  it("shows one invoice of the company; another company's is 404, for the list too", async () => {
    const b = await signedUp();
    const [theirs] = await invoicesOf(b.companyId);
    const [mine] = await invoicesOf(a.companyId);
    expect((await a.admin.api.get(`/api/invoices/${mine!.id}`)).body).toMatchObject({ id: mine!.id });
    const other = await a.admin.api.get(`/api/invoices/${theirs!.id}`);
    expect(other.status).toBe(404);
    expect(other.body.error).toBe('ERR_NOT_FOUND');
    const listed = await a.admin.api.get(`/api/invoices/all?searchParam=${theirs!.id}`);
    expect(listed.body.map((i: { id: number }) => i.id)).not.toContain(theirs!.id);
  });

  it('is for admins: a user gets 403', async () => {
    const staff = await createStaff(t, a);
    const [mine] = await invoicesOf(a.companyId);
    for (const res of [
      await staff.api.get('/api/invoices/all'),
      await staff.api.get(`/api/invoices/${mine!.id}`),
      await staff.api.post('/api/subscription', checkoutBody(mine!.id)),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('ERR_NO_PERMISSION');
    }
  });
});

describe('checkout', () => {
  it("charges the invoice's value whatever price the request names, once per invoice", async () => {
    const a = await signedUp();
    const [invoice] = await invoicesOf(a.companyId);
    const before = asaas.requests.length;
    const res = await a.admin.api.post(
      '/api/subscription',
      checkoutBody(invoice!.id, {
        price: 1,
        plan: JSON.stringify({ users: 1, connections: 1, price: 1 }),
        users: 1,
        connections: 1,
        cpfCnpj: '12345678909',
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [payment] = paymentsAt(invoice!.id);
    expect(payment).toMatchObject({ value: PLAN_VALUE, billingType: 'PIX', status: 'PENDING', dueDate: invoice!.due });
    expect(res.body).toEqual({ qrcode: { qrcode: asaas.pixCodeOf(payment!) }, valor: { original: '49.90' } });
    const calls = asaas.requests.slice(before);
    expect(calls.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /customers',
      'POST /payments',
      `GET /payments/${payment!.id}/pixQrCode`,
    ]);
    expect(calls.every((r) => r.headers.access_token === asaas.apiKey && r.answered === 200)).toBe(true);
    expect(calls[0]!.body).toMatchObject({ name: 'Ana Souza', cpfCnpj: '12345678909', postalCode: '01310100' });
    const stored = await q('select provider_payment_id, pix_code from invoices where id = $1', [invoice!.id]);
    expect(stored).toEqual([{ provider_payment_id: payment!.id, pix_code: asaas.pixCodeOf(payment!) }]);

    // Paying again (the dialog reopened) answers the same charge: nothing new at Asaas.
    const again = await a.admin.api.post('/api/subscription', checkoutBody(invoice!.id, { price: 0.01 }));
    expect(again.body).toEqual(res.body);
    expect(asaas.requests.length).toBe(before + 3);
  });

  it('two checkouts of one invoice at once make one charge', async () => {
    const a = await signedUp();
    const [invoice] = await invoicesOf(a.companyId);
    const answers = await Promise.all(
      [1, 2, 3].map(() => a.admin.api.post('/api/subscription', checkoutBody(invoice!.id))),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((r) => r.body.qrcode.qrcode)).size).toBe(1);
    expect(paymentsAt(invoice!.id)).toHaveLength(1);
  });

  it("another company's invoice is 404, a paid one 409; nothing reaches Asaas", async () => {
    const a = await signedUp();
    const b = await signedUp();
    const [theirs] = await invoicesOf(b.companyId);
    const [mine] = await invoicesOf(a.companyId);
    await q(`update invoices set status = 'paid' where id = $1`, [mine!.id]);
    const before = asaas.requests.length;
    const cross = await a.admin.api.post('/api/subscription', checkoutBody(theirs!.id));
    expect(cross.status).toBe(404);
    const paid = await a.admin.api.post('/api/subscription', checkoutBody(mine!.id));
    expect(paid.status).toBe(409);
    expect(paid.body.error).toBe('ERR_INVOICE_PAID');
    expect(asaas.requests.length).toBe(before);
  });

  it('bad input is 400 naming the field, and nothing reaches Asaas', async () => {
    const a = await signedUp();
    const [invoice] = await invoicesOf(a.companyId);
    const before = asaas.requests.length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ zipcode: '' }, 'zipcode', 'required'],
      [{ zipcode: '1234' }, 'zipcode', 'invalidZipcode'],
      [{ firstName: ' ' }, 'firstName', 'required'],
      [{ address2: '' }, 'address2', 'required'],
      [{ city: undefined }, 'city', 'required'],
      [{ country: '' }, 'country', 'required'],
      [{ cpfCnpj: '123' }, 'cpfCnpj', 'invalidDocument'],
      [{ invoiceId: 'abc' }, 'invoiceId', ''],
    ];
    for (const [change, field, why] of cases) {
      const res = await a.admin.api.post('/api/subscription', checkoutBody(invoice!.id, change));
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
      expect(Object.keys(res.body.fields ?? {}), JSON.stringify(res.body)).toContain(field);
      if (why) expect(res.body.fields[field]).toBe(why);
    }
    expect(asaas.requests.length).toBe(before);
    expect(await q('select provider_payment_id from invoices where id = $1', [invoice!.id])).toEqual([
      { provider_payment_id: null },
    ]);
  });

  it("Asaas' refusal is a 502 ERR_PAYMENT_PROVIDER with its words, nothing stored; the next try works", async () => {
    const a = await signedUp();
    const [invoice] = await invoicesOf(a.companyId);
    asaas.failNext(1, 400, { errors: [{ code: 'invalid_cpfCnpj', description: 'O CPF/CNPJ informado é inválido.' }] });
    const refused = await a.admin.api.post('/api/subscription', checkoutBody(invoice!.id));
    expect(refused.status).toBe(502);
    expect(refused.body.error).toBe('ERR_PAYMENT_PROVIDER');
    expect(refused.body.message).toContain('O CPF/CNPJ informado é inválido.');
    expect(await q('select provider_payment_id from invoices where id = $1', [invoice!.id])).toEqual([
      { provider_payment_id: null },
    ]);
    expect((await a.admin.api.post('/api/subscription', checkoutBody(invoice!.id))).status).toBe(200);
  });

  it('without the Asaas key saved, checkout says payments are not set up (409), a wrong key is a 502', async () => {
    const a = await signedUp();
    const [invoice] = await invoicesOf(a.companyId);
    const operator = t.api.as(await t.superToken());
    try {
      await operator.put('/api/settings/asaas', { value: '' });
      const unset = await a.admin.api.post('/api/subscription', checkoutBody(invoice!.id));
      expect(unset.status).toBe(409);
      expect(unset.body.error).toBe('ERR_PAYMENT_NOT_CONFIGURED');
      await operator.put('/api/settings/asaas', { value: 'wrong-key' });
      const wrong = await a.admin.api.post('/api/subscription', checkoutBody(invoice!.id));
      expect(wrong.status).toBe(502);
      expect(asaas.requests.at(-1)).toMatchObject({ path: '/customers', answered: 401 });
    } finally {
      await operator.put('/api/settings/asaas', { value: asaas.apiKey });
    }
  });
});

describe('the payment webhook', () => {
  /** A company with a charged invoice, and an admin socket hearing its payment events. */
  async function charged() {
    const a = await signedUp();
    const [invoice] = await invoicesOf(a.companyId);
    const res = await a.admin.api.post('/api/subscription', checkoutBody(invoice!.id));
    expect(res.status).toBe(200);
    const [payment] = paymentsAt(invoice!.id);
    const socket: Socket = await connectSocket(t.url, a.admin.token);
    const heard: any[] = [];
    socket.on(`company-${a.companyId}-payment`, (e) => heard.push(e));
    return { a, invoice: invoice!, payment: payment!, socket, heard, dueBefore: await dueDateOf(a.companyId) };
  }

  it('unsigned or forged deliveries are 401 and change nothing', async () => {
    const c = await charged();
    const event = asaas.event(c.payment.id, 'PAYMENT_RECEIVED');
    for (const token of [undefined, 'wrong', `${WEBHOOK_TOKEN}x`, WEBHOOK_TOKEN.slice(0, -1), '']) {
      const res = await deliverAsaasEvent(t.url, event, token);
      expect(res.status, String(token)).toBe(401);
    }
    // A malformed body without the token is refused for the token, before the body is read.
    expect((await deliverAsaasEvent(t.url, { nonsense: true })).status).toBe(401);
    expect(await invoicesOf(c.a.companyId)).toMatchObject([{ status: 'open' }]);
    expect(await dueDateOf(c.a.companyId)).toBe(c.dueBefore);
    await new Promise((r) => setTimeout(r, 300));
    expect(c.heard).toEqual([]);
    c.socket.close();
  });

  it('the right delivery, three times, pays once, moves the due date once and is heard once', async () => {
    const c = await charged();
    const event = asaas.event(c.payment.id, 'PAYMENT_RECEIVED');
    for (let i = 0; i < 3; i++) {
      const res = await deliverAsaasEvent(t.url, event, WEBHOOK_TOKEN);
      expect(res.status).toBe(200);
    }
    // Asaas also sends PAYMENT_CONFIRMED for the same payment: still once.
    expect((await deliverAsaasEvent(t.url, asaas.event(c.payment.id, 'PAYMENT_CONFIRMED'), WEBHOOK_TOKEN)).status).toBe(
      200,
    );
    expect(await invoicesOf(c.a.companyId)).toMatchObject([{ status: 'paid' }]);
    // The trial's due date is ahead: the new one is a month after it.
    const due = await dueDateOf(c.a.companyId);
    expect(due).toBe(monthLater(c.dueBefore, 1));
    await eventually(() => c.heard.length === 1, 5000, 'the payment event');
    await new Promise((r) => setTimeout(r, 300));
    expect(c.heard).toHaveLength(1);
    expect(c.heard[0]).toMatchObject({ action: 'CONCLUIDA', company: { id: c.a.companyId, dueDate: due } });
    const listed = await c.a.admin.api.get(`/api/invoices/${c.invoice.id}`);
    expect(listed.body).toMatchObject({ status: 'paid' });
    expect(listed.body.paidAt).toBeTruthy();
    c.socket.close();
  });

  it('concurrent deliveries pay once and move the date once', async () => {
    const c = await charged();
    const event = asaas.event(c.payment.id, 'PAYMENT_CONFIRMED');
    const answers = await Promise.all(Array.from({ length: 6 }, () => deliverAsaasEvent(t.url, event, WEBHOOK_TOKEN)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await dueDateOf(c.a.companyId)).toBe(monthLater(c.dueBefore, 1));
    await eventually(() => c.heard.length === 1, 5000, 'the payment event');
    await new Promise((r) => setTimeout(r, 300));
    expect(c.heard).toHaveLength(1);
    c.socket.close();
  });

  it("moves by the company's recurrence (ANUAL: 12 months)", async () => {
    const c = await charged();
    await q(`update companies set recurrence = 'ANUAL' where id = $1`, [c.a.companyId]);
    await deliverAsaasEvent(t.url, asaas.event(c.payment.id, 'PAYMENT_RECEIVED'), WEBHOOK_TOKEN);
    expect(await dueDateOf(c.a.companyId)).toBe(monthLater(c.dueBefore, 12));
    c.socket.close();
  });

  it('other events, and payments of no invoice, are answered 200 and change nothing', async () => {
    const c = await charged();
    for (const event of ['PAYMENT_CREATED', 'PAYMENT_OVERDUE'] as const) {
      expect((await deliverAsaasEvent(t.url, asaas.event(c.payment.id, event), WEBHOOK_TOKEN)).status).toBe(200);
    }
    const stranger = { event: 'PAYMENT_RECEIVED', payment: { id: 'pay_unknown', externalReference: '999999999' } };
    expect((await deliverAsaasEvent(t.url, stranger, WEBHOOK_TOKEN)).status).toBe(200);
    expect(await invoicesOf(c.a.companyId)).toMatchObject([{ status: 'open' }]);
    expect(await dueDateOf(c.a.companyId)).toBe(c.dueBefore);
    // A signed body that is not an event is bad input.
    const bad = await deliverAsaasEvent(t.url, { payment: { id: 1 } }, WEBHOOK_TOKEN);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toContain('event');
    c.socket.close();
  });

  it('with ASAAS_WEBHOOK_TOKEN unset, every delivery is 401', async () => {
    const bare = await startTestApp({ ASAAS_API_URL: asaas.url });
    try {
      const c = await charged();
      const event = asaas.event(c.payment.id, 'PAYMENT_RECEIVED');
      for (const token of [undefined, '', WEBHOOK_TOKEN])
        expect((await deliverAsaasEvent(bare.url, event, token)).status).toBe(401);
      c.socket.close();
    } finally {
      await bare.stop();
    }
  });
});

describe('an expired company', () => {
  it('pays through the billing token of its refused login, then signs in as usual', async () => {
    const a = await signedUp();
    const staff = await createStaff(t, a);
    const [invoice] = await invoicesOf(a.companyId);
    // The trial ended two days ago, unpaid.
    await q(`update companies set due_date = ${dayFromToday(-2)} where id = $1`, [a.companyId]);
    await q(`update invoices set due_date = (now() - interval '2 days')::date where id = $1`, [invoice!.id]);

    const refused = await t.api.post('/api/auth/login', { email: a.admin.email, password: a.admin.password });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ error: 'ERR_SUBSCRIPTION_EXPIRED', dueDate: await dueDateOf(a.companyId) });
    const billingToken = refused.body.billingToken as string;
    expect(billingToken).toBeTruthy();
    // A user (who may not pay) gets no billing token; a wrong password gets nothing at all.
    const staffRefused = await t.api.post('/api/auth/login', { email: staff.email, password: staff.password });
    expect(staffRefused.status).toBe(402);
    expect(staffRefused.body.billingToken).toBeUndefined();
    const wrong = await t.api.post('/api/auth/login', { email: a.admin.email, password: 'wrong-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.billingToken).toBeUndefined();

    const billing = t.api.as(billingToken);
    // The billing routes take it …
    const list = await billing.get('/api/invoices/all');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject([{ id: invoice!.id, status: 'expired' }]);
    const charge = await billing.post('/api/subscription', checkoutBody(invoice!.id));
    expect(charge.status, JSON.stringify(charge.body)).toBe(200);
    const [payment] = paymentsAt(invoice!.id);
    // Overdue: Asaas refuses a past due date, so the charge falls due today (São Paulo).
    expect(payment!.dueDate).toBe(dayIn(new Date()));
    // … and nothing else: not other routes, not the socket, not another company's invoice.
    for (const path of ['/api/tickets', '/api/auth/me', '/api/settings']) {
      const res = await billing.get(path);
      expect([401, 403], `${path} → ${res.status}`).toContain(res.status);
    }
    await expect(connectSocket(t.url, billingToken)).rejects.toBeTruthy();
    const b = await signedUp();
    const [theirs] = await invoicesOf(b.companyId);
    expect((await billing.get(`/api/invoices/${theirs!.id}`)).status).toBe(404);
    // The company's sessions opened before it expired still hit the expiry everywhere else.
    expect((await staff.api.get('/api/tickets')).status).toBe(402);

    // Asaas confirms the payment: the due date moves a month from today (the old one had passed).
    const today = dayIn(new Date());
    const delivered = await deliverAsaasEvent(t.url, asaas.event(payment!.id, 'PAYMENT_RECEIVED'), WEBHOOK_TOKEN);
    expect(delivered.status).toBe(200);
    expect((await billing.get(`/api/invoices/${invoice!.id}`)).body.status).toBe('paid');
    const due = await dueDateOf(a.companyId);
    expect(due).toBe(monthLater(today, 1));

    const session = await login(t, a.admin.email, a.admin.password);
    expect(session.token).toBeTruthy();
    expect(session.user.company.dueDate).toBe(due);
    expect((await t.api.as(session.token).get('/api/tickets')).status).toBe(200);
  });

  it('a company switched off gets no billing token', async () => {
    const a = await signedUp();
    await q(`update companies set status = false where id = $1`, [a.companyId]);
    const refused = await t.api.post('/api/auth/login', { email: a.admin.email, password: a.admin.password });
    expect(refused.status).toBe(402);
    expect(refused.body.billingToken).toBeUndefined();
  });

  it('a billing token must be signed with the key, scoped billing and unexpired', async () => {
    const a = await signedUp();
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const sign = (payload: object, key = TEST_JWT_SECRET) => {
      const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`;
      return `${head}.${createHmac('sha256', key).update(head).digest('base64url')}`;
    };
    const now = Math.floor(Date.now() / 1000);
    const sub = String(a.admin.id);
    // The right shape with the server's key works (what login hands out) …
    expect(
      (await t.api.as(sign({ sub, scope: 'billing', iat: now, exp: now + 60 })).get('/api/invoices/all')).status,
    ).toBe(200);
    // … another key, another scope, a session id, or a past expiry do not.
    for (const token of [
      sign({ sub, scope: 'billing', iat: now, exp: now + 60 }, 'another-secret-that-is-long-enough-0000'),
      sign({ sub, scope: 'admin', iat: now, exp: now + 60 }),
      sign({ sub, iat: now, exp: now + 60 }),
      sign({ sub, scope: 'billing', sid: randomUUID(), iat: now, exp: now + 60 }),
      sign({ sub, scope: 'billing', iat: now - 120, exp: now - 60 }),
    ]) {
      const res = await t.api.as(token).get('/api/invoices/all');
      expect([401, 403]).toContain(res.status);
    }
  });
});
