import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTERNAL_API_LIMITS, LOGIN_LIMIT } from '@balcao/contracts';
import { startTestApp, type TestApp } from '../../test/support/app.js';
import {
  createPlan,
  createStaff,
  createTenant,
  insertCloudConnection,
  type Tenant,
} from '../../test/support/factories.js';
import { expectError } from '../../test/support/expect.js';
import { useFakeChannels, type FakeChannels } from '../../test/support/fake-channels.js';
import { mailText } from '../../test/support/smtp.js';
import type { ApiResponse } from '../../test/support/client.js';
import { DUPLICATE_ANSWER_LIMIT } from './duplicate-probes.js';
import { VERIFY_TOKEN_LIMIT } from '../channels/cloud/webhook-routes.js';

/**
 * Every rate limit under concurrency: N attempts at once must not let more than the limit
 * through (a check-then-insert count would let nearly all of them pass). One app trusting
 * X-Forwarded-For, so each test speaks from addresses of its own.
 */
let t: TestApp;
let fakes: FakeChannels;
let planId: number;
let tenant: Tenant;

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'true' });
  fakes = await useFakeChannels(t);
  planId = (await createPlan(t, { users: 50, connections: 5 })).id;
  tenant = await createTenant(t, { planId });
});
afterAll(() => t?.stop());

const uid = () => randomBytes(4).toString('hex');
let lastAddress = 0;
/** A client address no other request of this file used. */
const address = () => {
  lastAddress++;
  return `10.${(lastAddress >> 16) & 255}.${(lastAddress >> 8) & 255}.${lastAddress & 255}`;
};
const from = (ip: string) => ({ 'x-forwarded-for': ip });

const login = (email: string, password: string, ip = address()) =>
  t.api.request('POST', '/api/auth/login', { email, password }, from(ip));
const forget = (email: string, ip = address()) =>
  t.api.request('POST', `/api/forgetpassword/${encodeURIComponent(email)}`, undefined, from(ip));
const resetWith = (email: string, code: string, ip: string) =>
  t.api.request('POST', `/api/resetpasswords/${encodeURIComponent(email)}/${code}/Brand-new-1`, undefined, from(ip));
const signup = (ip: string, body: Record<string, unknown> = {}) =>
  t.api.request(
    'POST',
    '/api/companies/cadastro',
    { name: `Loja ${uid()}`, email: `owner-${uid()}@example.com`, password: 'Secret-pass1', planId, ...body },
    from(ip),
  );
const send = (token: string, ip: string) =>
  t.api.request(
    'POST',
    '/api/messages/send',
    { number: '5511987654321', body: 'x' },
    { authorization: `Bearer ${token}`, ...from(ip) },
  );

/** How many answers had each status, e.g. `{401: 5, 429: 195}`. */
const tally = (responses: ApiResponse[]) => {
  const out: Record<number, number> = {};
  for (const r of responses) out[r.status] = (out[r.status] ?? 0) + 1;
  return out;
};
/** Every 429 of `responses` keeps the JSON error contract. */
const expectLimited = (responses: ApiResponse[]) => {
  for (const r of responses.filter((x) => x.status === 429)) expectError(r, 429, 'ERR_RATE_LIMITED');
};
const times = <T>(n: number, fn: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => fn(i)));
const mailsTo = (email: string) => t.smtp.mails.filter((m) => m.to.includes(email)).length;
const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits (10 s at most) until `n` mails reached `email`. */
async function untilMails(email: string, n: number) {
  const deadline = Date.now() + 10_000;
  while (mailsTo(email) < n && Date.now() < deadline) await settle(50);
}
/** Bursts of password checks take long where a limit fails to hold (each check is a scrypt): room to fail on an assertion. */
const BURST = { timeout: 240_000 };

describe('login limits under concurrency', BURST, () => {
  it(`200 wrong passwords at once for one email (from 200 addresses): only ${LOGIN_LIMIT.perEmail} are checked, the rest answer 429`, async () => {
    const staff = await createStaff(t, tenant);
    const answers = await times(200, () => login(staff.email, 'wrong-one'));
    const counted = tally(answers);
    expect((counted[401] ?? 0) + (counted[429] ?? 0), JSON.stringify(counted)).toBe(200);
    expect(counted[401] ?? 0, JSON.stringify(counted)).toBe(LOGIN_LIMIT.perEmail);
    expectLimited(answers);
    expectError(await login(staff.email, staff.password), 429, 'ERR_RATE_LIMITED');
  });

  it(`200 wrong logins at once from one address for 200 emails: only ${LOGIN_LIMIT.perIp} are checked, the rest answer 429`, async () => {
    const ip = address();
    const answers = await times(200, (i) => login(`nobody-${i}-${uid()}@example.com`, 'wrong-one', ip));
    const counted = tally(answers);
    expect((counted[401] ?? 0) + (counted[429] ?? 0), JSON.stringify(counted)).toBe(200);
    expect(counted[401] ?? 0, JSON.stringify(counted)).toBe(LOGIN_LIMIT.perIp);
    expectLimited(answers);
    // The address is refused even for a real user with the right password.
    const staff = await createStaff(t, tenant);
    expectError(await login(staff.email, staff.password, ip), 429, 'ERR_RATE_LIMITED');
  });

  it('the right password sent while 200 wrong ones for the same email are in flight answers 429 once the limit is reached', async () => {
    const staff = await createStaff(t, tenant);
    // As soon as one wrong attempt is refused, the limit is taken by wrong attempts (which never
    // give their place back): the right password, sent then, must be refused too.
    let right: Promise<ApiResponse> | undefined;
    const answers = await times(200, async () => {
      const r = await login(staff.email, 'wrong-one');
      if (r.status === 429) right ??= login(staff.email, staff.password);
      return r;
    });
    const counted = tally(answers);
    expect(right, `no 429 among the 200 wrong attempts: ${JSON.stringify(counted)}`).toBeDefined();
    expectError(await right!, 429, 'ERR_RATE_LIMITED');
    expect(counted[401] ?? 0, JSON.stringify(counted)).toBe(LOGIN_LIMIT.perEmail);
  });

  it('sequentially: a successful login does not count, nor does a right password on an expired subscription', async () => {
    const staff = await createStaff(t, tenant);
    for (let i = 0; i < LOGIN_LIMIT.perEmail - 1; i++) expect((await login(staff.email, 'wrong-one')).status).toBe(401);
    for (let i = 0; i < LOGIN_LIMIT.perEmail + 1; i++)
      expect((await login(staff.email, staff.password)).status).toBe(200);
    expect((await login(staff.email, 'wrong-one')).status).toBe(401);
    expectError(await login(staff.email, staff.password), 429, 'ERR_RATE_LIMITED');

    const expired = await createTenant(t, { planId });
    const superApi = t.api.as(await t.superToken());
    expect((await superApi.put(`/api/companies/${expired.companyId}`, { dueDate: '2020-01-31' })).status).toBe(200);
    const ip = address();
    for (let i = 0; i < LOGIN_LIMIT.perEmail + 1; i++) {
      expectError(await login(expired.admin.email, expired.admin.password, ip), 402, 'ERR_SUBSCRIPTION_EXPIRED');
    }
    expect((await login(expired.admin.email, 'wrong-one', ip)).status).toBe(401);
  });
});

describe('legitimate logins at once are never counted as failures', BURST, () => {
  it('10 right passwords at once for one account: none answers 429 (they wait for their turn)', async () => {
    const staff = await createStaff(t, tenant);
    const answers = await times(10, () => login(staff.email, staff.password));
    expect(tally(answers), JSON.stringify(answers.map((a) => a.body))).toEqual({ 200: 10 });
    // None of them counted: the 5 failures the limit allows are all still there.
    for (let i = 0; i < LOGIN_LIMIT.perEmail; i++) expect((await login(staff.email, 'wrong-one')).status).toBe(401);
    expectError(await login(staff.email, 'wrong-one'), 429, 'ERR_RATE_LIMITED');
  });

  it(`24 users signing in at once behind one address (a NAT): all answer 200, and the address keeps its ${LOGIN_LIMIT.perIp} failures`, async () => {
    const ip = address();
    const staff = await Promise.all(Array.from({ length: 24 }, () => createStaff(t, tenant)));
    const answers = await Promise.all(staff.map((s) => login(s.email, s.password, ip)));
    expect(tally(answers)).toEqual({ 200: 24 });
    const wrong = await times(LOGIN_LIMIT.perIp + 1, (i) => login(`nobody-${i}-${uid()}@example.com`, 'wrong-one', ip));
    expect(tally(wrong)).toEqual({ 401: LOGIN_LIMIT.perIp, 429: 1 });
  });

  it(`${LOGIN_LIMIT.perEmail + 1} wrong passwords at once for one email: ${LOGIN_LIMIT.perEmail} answer 401, one 429`, async () => {
    const staff = await createStaff(t, tenant);
    const answers = await times(LOGIN_LIMIT.perEmail + 1, () => login(staff.email, 'wrong-one'));
    expect(tally(answers)).toEqual({ 401: LOGIN_LIMIT.perEmail, 429: 1 });
    expectLimited(answers);
    const limited = answers.find((a) => a.status === 429)!;
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('signup limit under concurrency', BURST, () => {
  it('30 signups at once from one address: only 10 companies are created, the rest answer 429', async () => {
    const ip = address();
    const emails = Array.from({ length: 30 }, () => `owner-${uid()}@example.com`);
    const answers = await times(30, (i) => signup(ip, { email: emails[i] }));
    const counted = tally(answers);
    expect((counted[201] ?? 0) + (counted[429] ?? 0), JSON.stringify(counted)).toBe(30);
    expect(counted[201] ?? 0, JSON.stringify(counted)).toBe(10);
    expectLimited(answers);
    const all = (await t.api.as(await t.superToken()).get('/api/companies/list')).body as Array<{ email: string }>;
    expect(all.filter((c) => emails.includes(c.email)).length).toBe(counted[201] ?? 0);
  });

  it('a refused signup (the email is taken) counts too: the 11th attempt from the address answers 429', async () => {
    const ip = address();
    for (let i = 0; i < 10; i++) {
      const r = await signup(ip, { email: tenant.admin.email });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
    }
    expectError(await signup(ip), 429, 'ERR_RATE_LIMITED');
  });
});

describe('password reset limits under concurrency', BURST, () => {
  it('30 reset requests at once for one email (from 30 addresses): only 3 mails, the rest answer 429', async () => {
    const staff = await createStaff(t, tenant);
    const answers = await times(30, () => forget(staff.email));
    const counted = tally(answers);
    expect((counted[200] ?? 0) + (counted[429] ?? 0), JSON.stringify(counted)).toBe(30);
    expect(counted[200] ?? 0, JSON.stringify(counted)).toBe(3);
    expectLimited(answers);
    // The mail jobs of the accepted requests, then a moment for any other one to show up.
    await untilMails(staff.email, 3);
    await settle(500);
    expect(mailsTo(staff.email)).toBe(3);
  });

  it('30 reset requests at once from one address for 30 emails: only 10 are served, the rest answer 429', async () => {
    const ip = address();
    const answers = await times(30, (i) => forget(`nobody-${i}-${uid()}@example.com`, ip));
    const counted = tally(answers);
    expect((counted[404] ?? 0) + (counted[429] ?? 0), JSON.stringify(counted)).toBe(30);
    expect(counted[404] ?? 0, JSON.stringify(counted)).toBe(10);
    expectLimited(answers);
  });

  it('50 wrong reset codes at once from one address: only 20 are checked, the rest answer 429', async () => {
    const ip = address();
    const answers = await times(50, () => resetWith(tenant.admin.email, '000000', ip));
    const counted = tally(answers);
    expect((counted[400] ?? 0) + (counted[429] ?? 0), JSON.stringify(counted)).toBe(50);
    expect(counted[400] ?? 0, JSON.stringify(counted)).toBe(20);
    expectLimited(answers);
  });

  it('sequentially: a successful reset does not count as a failure of its address', async () => {
    const staff = await createStaff(t, tenant);
    expect((await forget(staff.email)).status).toBe(200);
    await untilMails(staff.email, 1);
    const mail = t.smtp.mails.find((m) => m.to.includes(staff.email));
    const code = /\b(\d{6})\b/.exec(
      mailText(mail!.raw)
        .split(/\r?\n\r?\n/)
        .slice(1)
        .join('\n'),
    )![1]!;

    const ip = address();
    // Wrong codes for another email, so the staff's code stays alive.
    for (let i = 0; i < 19; i++)
      expect((await resetWith(`nobody-${uid()}@example.com`, '000000', ip)).status).toBe(400);
    expect((await resetWith(staff.email, code, ip)).status).toBe(200);
    expect((await resetWith(`nobody-${uid()}@example.com`, '000000', ip)).status).toBe(400);
    expectError(await resetWith(`nobody-${uid()}@example.com`, '000000', ip), 429, 'ERR_RATE_LIMITED');
  });
});

describe('external API token limit under concurrency', BURST, () => {
  let token: string;
  beforeAll(async () => {
    const res = await tenant.admin.api.post('/api/whatsapp', { name: `Conn ${uid()}` });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await fakes.until(() => fakes.started.includes(res.body.id), 'the session to start');
    token = res.body.token as string;
  });

  it(`100 wrong tokens at once from one address: only ${EXTERNAL_API_LIMITS.failuresPerAddress} are checked, the rest answer 429`, async () => {
    const ip = address();
    const answers = await times(100, () => send(`guess-${uid()}${uid()}`, ip));
    const counted = tally(answers);
    expect((counted[401] ?? 0) + (counted[429] ?? 0), JSON.stringify(counted)).toBe(100);
    expect(counted[401] ?? 0, JSON.stringify(counted)).toBe(EXTERNAL_API_LIMITS.failuresPerAddress);
    expectLimited(answers);
    expectError(await send(token, ip), 429, 'ERR_RATE_LIMITED');
  });

  /** A new connection of the tenant, its session started: its token. */
  const newToken = async () => {
    const res = await tenant.admin.api.post('/api/whatsapp', { name: `Conn ${uid()}` });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await fakes.until(() => fakes.started.includes(res.body.id), 'the session to start');
    return res.body.token as string;
  };

  it(`40 right sends at once on one token from one address: all accepted; ${EXTERNAL_API_LIMITS.perMinute} in the minute, then 429`, async () => {
    const own = await newToken();
    const ip = address();
    const answers = await times(40, () => send(own, ip));
    expect(tally(answers), JSON.stringify(answers.filter((a) => a.status !== 200).map((a) => a.body))).toEqual({
      200: 40,
    });
    const rest = await times(EXTERNAL_API_LIMITS.perMinute - 40, () => send(own, address()));
    expect(tally(rest)).toEqual({ 200: EXTERNAL_API_LIMITS.perMinute - 40 });
    const over = await send(own, ip);
    expectError(over, 429, 'ERR_RATE_LIMITED');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // The address counted none of them as a wrong token.
    const wrong = await times(EXTERNAL_API_LIMITS.failuresPerAddress, () => send(`guess-${uid()}${uid()}`, ip));
    expect(tally(wrong)).toEqual({ 401: EXTERNAL_API_LIMITS.failuresPerAddress });
  });

  it("a refused request spends none of the token's quota: sends refused for their address's wrong tokens, nor those past the quota", async () => {
    const own = await newToken();
    // A neighbour behind the same address guesses tokens until the address is refused.
    const ip = address();
    const guesses = await times(EXTERNAL_API_LIMITS.failuresPerAddress, () => send(`guess-${uid()}${uid()}`, ip));
    expect(tally(guesses)).toEqual({ 401: EXTERNAL_API_LIMITS.failuresPerAddress });
    const refused = await times(30, () => send(own, ip));
    expect(tally(refused)).toEqual({ 429: 30 });
    // From elsewhere the token still has its whole minute, and what the quota refuses spends nothing either.
    const fine = await times(EXTERNAL_API_LIMITS.perMinute, () => send(own, address()));
    expect(tally(fine)).toEqual({ 200: EXTERNAL_API_LIMITS.perMinute });
    expect(tally(await times(5, () => send(own, address())))).toEqual({ 429: 5 });
    const { rows } = await t.running.deps.pools.owner.query(
      `select count(*)::int as n from rate_events where kind = 'external-api-send' and key = (
         select 'whatsapp:' || id from whatsapps where token = $1)`,
      [own],
    );
    expect(rows).toEqual([{ n: EXTERNAL_API_LIMITS.perMinute }]);
  });

  it('sequentially: a right token does not count', async () => {
    const ip = address();
    for (let i = 0; i < EXTERNAL_API_LIMITS.failuresPerAddress - 1; i++) {
      expect((await send(`guess-${uid()}${uid()}`, ip)).status).toBe(401);
    }
    for (let i = 0; i < 3; i++) {
      const r = await send(token, ip);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    expect((await send(`guess-${uid()}${uid()}`, ip)).status).toBe(401);
    expectError(await send(`guess-${uid()}${uid()}`, ip), 429, 'ERR_RATE_LIMITED');
  });
});

describe("answers that tell another company's values are limited", BURST, () => {
  const { max } = DUPLICATE_ANSWER_LIMIT;

  it(`a connection token held by another company: ${max} "duplicated" answers per company (40 guesses at once), then 429; other companies unaffected`, async () => {
    const prober = await createTenant(t, { planId });
    const own = (await prober.admin.api.post('/api/whatsapp', { name: `Conn ${uid()}` })).body as { id: number };
    const held = { token: `held-token-${uid()}${uid()}` };
    expect((await tenant.admin.api.post('/api/whatsapp', { name: `Conn ${uid()}`, token: held.token })).status).toBe(201);
    // Successful token changes do not count.
    for (let i = 0; i < max + 2; i++) {
      const r = await prober.admin.api.put(`/api/whatsapp/${own.id}`, { token: `fresh-token-${uid()}${uid()}` });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const answers = await times(40, () => prober.admin.api.put(`/api/whatsapp/${own.id}`, { token: held.token }));
    expect(tally(answers)).toEqual({ 400: max, 429: 40 - max });
    for (const r of answers.filter((a) => a.status === 400)) expect(r.body.fields).toEqual({ token: 'duplicated' });
    expectLimited(answers);
    // The company's next token write is refused, whatever the token; its other edits are not.
    expectError(
      await prober.admin.api.put(`/api/whatsapp/${own.id}`, { token: `fresh-token-${uid()}${uid()}` }),
      429,
      'ERR_RATE_LIMITED',
    );
    expect((await prober.admin.api.put(`/api/whatsapp/${own.id}`, { name: 'Renamed' })).status).toBe(200);
    const other = await createTenant(t, { planId });
    const theirs = (await other.admin.api.post('/api/whatsapp', { name: `Conn ${uid()}` })).body as { id: number };
    const r = await other.admin.api.put(`/api/whatsapp/${theirs.id}`, { token: held.token });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual({ token: 'duplicated' });
  });

  it(`an email of another company's user: ${max} "duplicated" answers per company (40 at once), then 429`, async () => {
    const prober = await createTenant(t, { planId });
    const taken = tenant.admin.email;
    const newUser = (email: string) => ({ name: `User ${uid()}`, email, password: 'secret1' });
    const answers = await times(40, () => prober.admin.api.post('/api/users', newUser(taken)));
    expect(tally(answers)).toEqual({ 400: max, 429: 40 - max });
    for (const r of answers.filter((a) => a.status === 400)) expect(r.body.fields).toEqual({ email: 'duplicated' });
    expectLimited(answers);
    // An edit naming the email is refused as well; one without an email is not.
    expectError(
      await prober.admin.api.put(`/api/users/${prober.admin.id}`, { email: taken }),
      429,
      'ERR_RATE_LIMITED',
    );
    expect((await prober.admin.api.put(`/api/users/${prober.admin.id}`, { name: 'Renamed' })).status).toBe(200);
  });

  it('a user created with a free email does not count', async () => {
    const prober = await createTenant(t, { planId });
    for (let i = 0; i < max + 1; i++) {
      const r = await prober.admin.api.post('/api/users', {
        name: `User ${uid()}`,
        email: `free-${uid()}@example.com`,
        password: 'secret1',
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    const r = await prober.admin.api.post('/api/users', { name: 'Dup', email: tenant.admin.email, password: 'secret1' });
    expect(r.body.fields).toEqual({ email: 'duplicated' });
  });
});

describe('Cloud webhook verify token limit', BURST, () => {
  const verify = (id: number, token: string, ip: string) =>
    t.api.request(
      'GET',
      `/api/webhooks/whatsapp/${id}?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=42`,
      undefined,
      from(ip),
    );

  it(`40 wrong verify tokens at once from one address: ${VERIFY_TOKEN_LIMIT.perAddress} answer 401, the rest 429, the right one too`, async () => {
    const conn = await insertCloudConnection(t, tenant.companyId);
    const ip = address();
    const answers = await times(40, () => verify(conn.id, `guess-${uid()}`, ip));
    expect(tally(answers)).toEqual({ 401: VERIFY_TOKEN_LIMIT.perAddress, 429: 40 - VERIFY_TOKEN_LIMIT.perAddress });
    expectLimited(answers);
    expectError(await verify(conn.id, conn.verifyToken!, ip), 429, 'ERR_RATE_LIMITED');
    // From another address the right token still verifies, and did not count.
    const elsewhere = address();
    for (let i = 0; i < 3; i++) expect((await verify(conn.id, conn.verifyToken!, elsewhere)).status).toBe(200);
  });

  it(`${VERIFY_TOKEN_LIMIT.perConnection} wrong verify tokens from many addresses close the connection's check (429)`, async () => {
    const conn = await insertCloudConnection(t, tenant.companyId);
    const answers = await times(VERIFY_TOKEN_LIMIT.perConnection + 5, () => verify(conn.id, `guess-${uid()}`, address()));
    expect(tally(answers)).toEqual({ 401: VERIFY_TOKEN_LIMIT.perConnection, 429: 5 });
    expectError(await verify(conn.id, conn.verifyToken!, address()), 429, 'ERR_RATE_LIMITED');
    // Another connection is checked as usual.
    const next = await insertCloudConnection(t, tenant.companyId);
    expect((await verify(next.id, next.verifyToken!, address())).status).toBe(200);
  });
});
