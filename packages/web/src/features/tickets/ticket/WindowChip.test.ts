import { describe, expect, it } from 'vitest';
import { windowLeft } from './WindowChip';

describe('windowLeft', () => {
  const now = Date.parse('2026-12-07T10:00:00Z');
  it('shows hours and minutes left, then minutes, then closed', () => {
    expect(windowLeft('2026-12-07T15:20:30Z', now)).toBe('5h 20m');
    expect(windowLeft('2026-12-07T10:12:00Z', now)).toBe('12m');
    expect(windowLeft('2026-12-07T10:00:20Z', now)).toBe('1m');
    expect(windowLeft('2026-12-07T10:00:00Z', now)).toBeNull();
    expect(windowLeft('2026-12-06T10:00:00Z', now)).toBeNull();
  });
});
