import { describe, expect, it } from 'vitest';
import { instantOf } from './wall-clock.js';

describe('instantOf: the instant a request time names', () => {
  it('reads an offset as written, whatever the zone', () => {
    for (const value of ['2025-06-14T09:30:00-03:00', '2025-06-14T09:30-0300', '2025-06-14 12:30:00Z'])
      expect(instantOf(value, 'Europe/Paris').toISOString(), value).toBe('2025-06-14T12:30:00.000Z');
    expect(instantOf('2025-06-14T12:30:00.5Z', 'Europe/Paris').toISOString()).toBe('2025-06-14T12:30:00.500Z');
  });

  it("reads a time without offset in the company's zone, daylight saving included", () => {
    expect(instantOf('2025-06-14 09:30:00', 'America/Sao_Paulo').toISOString()).toBe('2025-06-14T12:30:00.000Z');
    expect(instantOf('2025-06-14 09:30', 'Europe/Paris').toISOString()).toBe('2025-06-14T07:30:00.000Z');
    expect(instantOf('2025-01-14 09:30', 'Europe/Paris').toISOString()).toBe('2025-01-14T08:30:00.000Z');
    // 02:30 does not exist that night in Paris: read with the offset before the jump.
    expect(instantOf('2025-03-30 02:30', 'Europe/Paris').toISOString()).toBe('2025-03-30T01:30:00.000Z');
  });

  it('an unknown zone falls back to São Paulo', () => {
    expect(instantOf('2025-06-14 09:30', 'Nowhere/Land').toISOString()).toBe('2025-06-14T12:30:00.000Z');
  });
});
