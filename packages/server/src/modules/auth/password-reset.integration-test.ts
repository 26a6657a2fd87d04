import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createStaff, createTenant, type Tenant } from '../../../test/support/factories.js';
import { mailText } from '../../../test/support/smtp.js';
import { expectError, expectInvalid, expectSignedOut } from '../../../test/support/expect.js';

/**
 * Reset requests are limited per email (3 in 15 minutes) and per address (10): the tests of
 * the flow share one app and stay under both; the limits get an app of their own.
 */
let t: TestApp;
let tenant: Tenant;

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t);
});
afterAll(() => t.stop());

const NEW_PASSWORD = 'Brand-new-1';
const forget = (app: TestApp, email: string) => app.api.post(`/api/forgetpassword/${encodeURIComponent(email)}`);
const reset = (email: string, code: string, password: string) =>
  t.api.post(`/api/resetpasswords/${encodeURIComponent(email)}/${code}/${encodeURIComponent(password)}`);
const tryLogin = (email: string, password: string) => t.api.post('/api/auth/login', { email, password });

/** The code in the `nth` mail sent to `email` (waiting for it to arrive). */
async function mailedCode(app: TestApp, email: string, nth = 1): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = app.smtp.mails.filter((m) => m.to.includes(email));
    if (mails.length >= nth) {
      const body = mailText(mails[nth - 1]!.raw)
        .split(/\r?\n\r?\n/)
        .slice(1)
        .join('\n');
      const code = /\b(\d{6})\b/.exec(body)?.[1];
      if (!code) throw new Error(`no 6-digit code in the mail:\n${body}`);
      return code;
    }
    if (Date.now() > deadline) throw new Error(`no mail #${nth} to ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A staff member who asked for a reset, and the code mailed to them. */
async function staffWithCode() {
  const staff = await createStaff(t, tenant);
  expect((await forget(t, staff.email)).status).toBe(200);
  return { staff, code: await mailedCode(t, staff.email) };
}

/** A different 6-digit code. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /api/forgetpassword/{email}', () => {
  it('mails a 6-digit code to a known email', async () => {
    const staff = await createStaff(t, tenant);
    const res = await forget(t, staff.email);
    expect(res.status).toBe(200);
    const mail = await t.smtp.waitFor(staff.email);
    expect(mail.to).toEqual([staff.email]);
    expect(await mailedCode(t, staff.email)).toMatch(/^\d{6}$/);
  });

  it('answers 404 for an unknown email, and mails nothing', async () => {
    expectError(await forget(t, 'nobody-here@example.com'), 404, 'ERR_USER_DONT_EXISTS');
    expect(t.smtp.mails.filter((m) => m.to.includes('nobody-here@example.com'))).toEqual([]);
  });

  it('names a bad email', async () => {
    expectInvalid(await forget(t, 'not-an-email'), 'email');
  });
});

describe('POST /api/resetpasswords/{email}/{code}/{newPassword}', () => {
  it('sets the new password with the right code: the new one signs in, the old one no longer', async () => {
    const { staff, code } = await staffWithCode();
    const res = await reset(staff.email, code, NEW_PASSWORD);
    expect(res.status).toBe(200);
    expect((await tryLogin(staff.email, NEW_PASSWORD)).status).toBe(200);
    expectError(await tryLogin(staff.email, staff.password), 401, 'ERR_INVALID_CREDENTIALS');
  });

  it('ends the sessions that were open before the reset', async () => {
    const { staff, code } = await staffWithCode();
    expect((await staff.api.get('/api/auth/me')).status).toBe(200);
    expect((await reset(staff.email, code, NEW_PASSWORD)).status).toBe(200);
    expectSignedOut(await staff.api.get('/api/auth/me'));
  });

  it('refuses a weak new password (field newPassword) and keeps the old one', async () => {
    const { staff, code } = await staffWithCode();
    for (const weak of ['abc', 'alllowercase1', 'ALLUPPERCASE1', 'NoDigitsHere']) {
      expectInvalid(await reset(staff.email, code, weak), 'newPassword');
    }
    expect((await tryLogin(staff.email, staff.password)).status).toBe(200);
  });

  it('refuses a wrong code (field token) and keeps the old password', async () => {
    const { staff, code } = await staffWithCode();
    expectInvalid(await reset(staff.email, otherThan(code), NEW_PASSWORD), 'token');
    expect((await tryLogin(staff.email, staff.password)).status).toBe(200);
    expectError(await tryLogin(staff.email, NEW_PASSWORD), 401, 'ERR_INVALID_CREDENTIALS');
  });

  it('names a code that is not 6 digits', async () => {
    expectInvalid(await reset(tenant.admin.email, '12ab56', NEW_PASSWORD), 'token');
  });

  it('accepts a code only once', async () => {
    const { staff, code } = await staffWithCode();
    expect((await reset(staff.email, code, NEW_PASSWORD)).status).toBe(200);
    expectInvalid(await reset(staff.email, code, 'Another-one-2'), 'token');
    expect((await tryLogin(staff.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses an expired code', async () => {
    const { staff, code } = await staffWithCode();
    await t.running.deps.pools.owner.query(
      `update password_resets set expires_at = now() - interval '1 minute'
        where user_id = (select id from users where email = $1)`,
      [staff.email],
    );
    expectInvalid(await reset(staff.email, code, NEW_PASSWORD), 'token');
    expect((await tryLogin(staff.email, staff.password)).status).toBe(200);
  });

  it("refuses one user's code for another user's email", async () => {
    const first = await staffWithCode();
    const other = await createStaff(t, tenant);
    expectInvalid(await reset(other.email, first.code, NEW_PASSWORD), 'token');
    expect((await tryLogin(other.email, other.password)).status).toBe(200);
  });
});

describe('request limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp();
  });
  afterAll(() => limited.stop());

  it('answers 429 ERR_RATE_LIMITED to the 4th request for one email within 15 minutes', async () => {
    const c = await createTenant(limited);
    for (let i = 0; i < 3; i++) expect((await forget(limited, c.admin.email)).status).toBe(200);
    expectError(await forget(limited, c.admin.email), 429, 'ERR_RATE_LIMITED');
    await mailedCode(limited, c.admin.email, 3);
    await new Promise((r) => setTimeout(r, 300));
    expect(limited.smtp.mails.filter((m) => m.to.includes(c.admin.email))).toHaveLength(3);
  });

  it('five wrong codes use the code up: the right one is refused afterwards', async () => {
    const c = await createTenant(limited);
    expect((await forget(limited, c.admin.email)).status).toBe(200);
    const code = await mailedCode(limited, c.admin.email);
    const resetOn = (k: string) =>
      limited.api.post(`/api/resetpasswords/${encodeURIComponent(c.admin.email)}/${k}/${NEW_PASSWORD}`);
    for (let i = 0; i < 5; i++) expectInvalid(await resetOn(otherThan(code)), 'token');
    expectInvalid(await resetOn(code), 'token');
    expect(
      (await limited.api.post('/api/auth/login', { email: c.admin.email, password: c.admin.password })).status,
    ).toBe(200);
  });
});

describe('the log', () => {
  it('never holds the email, code or new password, even when the path is percent-encoded', async () => {
    const lines: string[] = [];
    const logTo = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await startTestApp({ LOG_LEVEL: 'info' }, { logTo });
    try {
      const staff = await createStaff(app, await createTenant(app));
      const email = encodeURIComponent(staff.email);
      expect((await app.api.post(`/api/%66orgetpassword/${email}`)).status).toBe(200);
      const code = await mailedCode(app, staff.email);
      // Routed to the reset handler: the new password now signs in.
      expect((await app.api.post(`/api/%72esetpasswords/${email}/${code}/${NEW_PASSWORD}`)).status).toBe(200);
      expect((await app.api.post('/api/auth/login', { email: staff.email, password: NEW_PASSWORD })).status).toBe(200);
      const urls = lines.flatMap((l) => (JSON.parse(l) as { req?: { url: string } }).req?.url ?? []);
      expect(urls).toContain('/api/forgetpassword/:email');
      expect(urls).toContain('/api/resetpasswords/:email/:token/:newPassword');
      const log = lines.join('');
      for (const secret of [staff.email, email, staff.email.split('@')[0]!, `/${code}/`, NEW_PASSWORD])
        expect(log).not.toContain(secret);
    } finally {
      await app.stop();
    }
  });
});
