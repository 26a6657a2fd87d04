import { describe, expect, it } from 'vitest';
import { instantOfWall, wallClock } from './wall-clock.js';

const wall = (text: string) => Date.parse(`${text}Z`);
const iso = (ms: number) => new Date(ms).toISOString();

describe('wall clock', () => {
  it('reads a company zone both ways', () => {
    expect(iso(instantOfWall(wall('2026-12-07T09:30:00'), 'America/Sao_Paulo'))).toBe('2026-12-07T12:30:00.000Z');
    expect(iso(wallClock(Date.parse('2026-12-07T12:30:00Z'), 'Asia/Tokyo'))).toBe('2026-12-07T21:30:00.000Z');
  });

  it('reads a time a daylight-saving jump skips at the offset after it, a repeated one at the first', () => {
    expect(iso(instantOfWall(wall('2026-03-08T02:30:00'), 'America/New_York'))).toBe('2026-03-08T06:30:00.000Z');
    expect(iso(instantOfWall(wall('2026-11-01T01:30:00'), 'America/New_York'))).toBe('2026-11-01T05:30:00.000Z');
  });

  it('reads an unknown zone as the default one', () => {
    expect(wallClock(0, 'Nowhere/Atlantis')).toBe(wallClock(0, 'America/Sao_Paulo'));
  });
});
