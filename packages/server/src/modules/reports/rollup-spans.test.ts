import { describe, expect, it } from 'vitest';
import { rollupSpans } from './rollup-spans.js';

const at = (iso: string) => new Date(iso);

describe('rollupSpans', () => {
  it('reads whole months as months, whole 7-day parts as parts, and the rest from the cycles', () => {
    // 2025-02-05 .. 2025-04-17 in UTC−3.
    const s = rollupSpans(at('2025-02-05T03:00:00Z'), at('2025-04-18T03:00:00Z'));
    expect(s.quarters).toEqual([]);
    expect(s.months).toEqual(['2025-03-01']);
    expect(s.parts).toEqual(['2025-02-08', '2025-02-15', '2025-02-22', '2025-04-01', '2025-04-08']);
    expect(s.covered).toEqual([
      '2025-02-08',
      '2025-02-15',
      '2025-02-22',
      '2025-03-01',
      '2025-03-08',
      '2025-03-15',
      '2025-03-22',
      '2025-03-29',
      '2025-04-01',
      '2025-04-08',
    ]);
    expect(s.touched[0]).toBe('2025-02-01');
    expect(s.touched.at(-1)).toBe('2025-04-15');
    expect(s.raw).toEqual([
      [at('2025-02-05T03:00:00Z'), at('2025-02-08T00:00:00Z')],
      [at('2025-04-15T00:00:00Z'), at('2025-04-18T03:00:00Z')],
    ]);
  });

  it('a February ends its parts on the 22nd; a leap one has a 29th', () => {
    expect(rollupSpans(at('2025-02-01T00:00:00Z'), at('2025-03-01T00:00:00Z')).months).toEqual(['2025-02-01']);
    const leap = rollupSpans(at('2024-02-20T00:00:00Z'), at('2024-03-01T00:00:00Z'));
    expect(leap.parts).toEqual(['2024-02-22', '2024-02-29']);
    expect(leap.raw).toEqual([[at('2024-02-20T00:00:00Z'), at('2024-02-22T00:00:00Z')]]);
  });

  it('reads whole quarters as quarters, then months', () => {
    // 2024-12-20 .. 2025-06-30 in UTC−3: Q1, then April and May, then June's parts to the 29th.
    const s = rollupSpans(at('2024-12-20T03:00:00Z'), at('2025-07-01T03:00:00Z'));
    expect(s.quarters).toEqual(['2025-01-01', '2025-04-01']);
    expect(s.months).toEqual([]);
    expect(s.parts).toEqual(['2024-12-22', '2024-12-29']);
    const t = rollupSpans(at('2025-02-01T00:00:00Z'), at('2025-07-01T00:00:00Z'));
    expect(t.quarters).toEqual(['2025-04-01']);
    expect(t.months).toEqual(['2025-02-01', '2025-03-01']);
  });

  it('a range inside one part is read from the cycles only', () => {
    const s = rollupSpans(at('2025-04-09T03:00:00Z'), at('2025-04-13T03:00:00Z'));
    expect(s).toEqual({
      quarters: [],
      months: [],
      parts: [],
      covered: [],
      touched: ['2025-04-08'],
      raw: [[at('2025-04-09T03:00:00Z'), at('2025-04-13T03:00:00Z')]],
    });
  });
});
