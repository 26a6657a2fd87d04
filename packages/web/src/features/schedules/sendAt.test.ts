import { describe, expect, it } from 'vitest';
import { defaultSendAt, fromLocalInput, toLocalInput } from './sendAt';

describe('the schedule form’s date-time', () => {
  it('defaults to one hour from now, on the browser’s clock', () => {
    expect(defaultSendAt(new Date(2025, 5, 14, 23, 30, 15))).toBe('2025-06-15T00:30');
  });

  it('goes to the API as an instant and comes back as the same wall clock', () => {
    const iso = fromLocalInput('2025-06-14T09:05');
    expect(iso).toBe(new Date(2025, 5, 14, 9, 5).toISOString());
    expect(toLocalInput(iso)).toBe('2025-06-14T09:05');
  });

  it('leaves what is not a date-time as it is (the form refuses it)', () => {
    expect(fromLocalInput('')).toBe('');
  });
});
