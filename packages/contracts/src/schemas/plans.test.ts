import { describe, expect, it } from 'vitest';
import { planBody, planUpdateBody } from './plans.js';

const value = (v: unknown) => planUpdateBody.safeParse({ value: v });

describe('a plan’s value', () => {
  it('reads numbers, canonical text and the pt-BR text the spec’s plan form sends back', () => {
    for (const [sent, read] of [
      [49.9, 49.9],
      ['29.9', 29.9],
      ['99', 99],
      ['0', 0],
      ['49,90', 49.9],
      ['0,5', 0.5],
      ['1.234,5', 1234.5],
      ['1.234', 1234],
      ['1.000.000', 1_000_000],
    ] as const) {
      expect(value(sent).data?.value, String(sent)).toBe(read);
    }
  });

  it('refuses text that is neither: three decimals after a comma, bad groups, signs, spaces', () => {
    for (const sent of ['1,234', '1.23,4', '12.34,5', '-1', ' 9', '+9', '9e0', '1.', ',5', '1.234.5', '01,5', '']) {
      expect(value(sent).success, sent).toBe(false);
    }
  });

  it('stays within its bounds whatever the spelling', () => {
    expect(value('1.000.001').success).toBe(false);
    expect(planBody.parse({ name: 'Plano' }).value).toBe(0);
  });
});
