import { describe, expect, it } from 'vitest';
import { newPassword } from './auth.js';
import { companyUpdateBody, signupBody, schedulesBody } from './companies.js';
import { userUpdateBody } from './users.js';
import { planBody, planUpdateBody } from './plans.js';
import { helpUpdateBody } from './helps.js';
import { id, pageQuery } from './common.js';
import { WEEKDAYS } from '../constants.js';

describe('shared validation rules', () => {
  it('signup: name 2–50, valid email, the reset’s password rule', () => {
    const ok = { name: 'Acme', email: 'a@b.co', password: 'Abcdefg1', planId: 1 };
    expect(signupBody.safeParse(ok).success).toBe(true);
    expect(signupBody.safeParse({ ...ok, name: 'A' }).success).toBe(false);
    expect(signupBody.safeParse({ ...ok, name: 'x'.repeat(51) }).success).toBe(false);
    expect(signupBody.safeParse({ ...ok, email: 'nope' }).success).toBe(false);
    for (const weak of ['12345', 'abcdefg1', 'Abcdef1'])
      expect(signupBody.safeParse({ ...ok, password: weak }).success).toBe(false);
  });

  it('reset password: 8+ characters with upper, lower and digit', () => {
    expect(newPassword.safeParse('Abcdefg1').success).toBe(true);
    for (const bad of ['Abcdef1', 'abcdefg1', 'ABCDEFG1', 'Abcdefgh'])
      expect(newPassword.safeParse(bad).success).toBe(false);
  });

  it('user edit: the password may be left empty', () => {
    expect(userUpdateBody.safeParse({ name: 'Ana', password: '' }).success).toBe(true);
    expect(userUpdateBody.safeParse({ password: '123' }).success).toBe(false);
  });

  it('schedules: seven HH:MM days, end not before start', () => {
    const week = (change: object = {}) =>
      WEEKDAYS.map((d) => ({ ...d, startTime: '08:00', endTime: '18:00', ...change }));
    expect(schedulesBody.safeParse({ schedules: week() }).success).toBe(true);
    expect(schedulesBody.safeParse({ schedules: week().slice(1) }).success).toBe(false);
    expect(schedulesBody.safeParse({ schedules: week({ weekdayEn: 'monday' }) }).success).toBe(false);
    expect(schedulesBody.safeParse({ schedules: week({ startTime: '25:00' }) }).success).toBe(false);
    expect(schedulesBody.safeParse({ schedules: week({ startTime: '19:00' }) }).success).toBe(false);
  });

  it('edits carry only the fields sent: no create-time default resets the others', () => {
    expect(planUpdateBody.parse({ name: 'Gold' })).toEqual({ name: 'Gold' });
    expect(helpUpdateBody.parse({ title: 'How to' })).toEqual({ title: 'How to' });
    expect(companyUpdateBody.parse({ name: 'Acme' })).toEqual({ name: 'Acme' });
    expect(userUpdateBody.parse({ name: 'Ana' })).toEqual({ name: 'Ana' });
  });

  it('numbers: numeric text is read, blank, null and booleans are refused', () => {
    expect(planBody.parse({ name: 'Gold', users: '5' }).users).toBe(5);
    for (const bad of ['', '  ', null, true, 1.5, -1])
      expect(planBody.safeParse({ name: 'Gold', users: bad }).success).toBe(false);
  });

  it('ids stay within a PostgreSQL integer', () => {
    expect(id.safeParse(2_147_483_647).success).toBe(true);
    expect(id.safeParse(2_147_483_648).success).toBe(false);
  });

  it('text never holds NUL (PostgreSQL cannot store it)', () => {
    expect(signupBody.safeParse({ name: 'Ac\u0000me', email: 'a@b.co', password: '12345', planId: 1 }).success).toBe(
      false,
    );
    expect(pageQuery.safeParse({ searchParam: 'a\u0000' }).success).toBe(false);
  });
});
