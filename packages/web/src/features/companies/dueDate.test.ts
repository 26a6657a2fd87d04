import { describe, expect, it } from 'vitest';
import { dueDateColour, renewedDueDate } from './dueDate';

const now = new Date(2025, 5, 15, 10, 0); // 15 June 2025, 10:00 local
const inDays = (d: number) => {
  const x = new Date(2025, 5, 15 + d);
  return `${x.getFullYear()}-${String(x.getMonth() + 1).padStart(2, '0')}-${String(x.getDate()).padStart(2, '0')}`;
};

describe('dueDateColour', () => {
  it.each([
    [10, null],
    [6, null],
    [5, 'yellow'],
    [4, 'orange'],
    [0, 'orange'],
    [-3, 'orange'],
    [-4, 'red'],
    [-30, 'red'],
  ])('%i days away → %s', (days, colour) => {
    expect(dueDateColour(inDays(days), now)).toBe(colour);
  });

  it('has no colour without a due date', () => {
    expect(dueDateColour(null, now)).toBeNull();
  });
});

describe('renewedDueDate', () => {
  it('moves the due date by the recurrence months', () => {
    expect(renewedDueDate('2025-01-31', 'MENSAL')).toBe('2025-02-28');
    expect(renewedDueDate('2025-01-10T00:00:00.000Z', 'TRIMESTRAL')).toBe('2025-04-10');
    expect(renewedDueDate('2025-01-10', 'ANUAL')).toBe('2026-01-10');
    expect(renewedDueDate('2025-01-10', 'unknown')).toBe('2025-02-10');
  });
});
