import { describe, expect, it } from 'vitest';
import { parseVolume } from './volume';

describe('stored volume', () => {
  it('reads 0–1 on the 0.1 grid, and 1 when unset or unreadable', () => {
    expect(parseVolume('0.3')).toBe(0.3);
    expect(parseVolume('0')).toBe(0);
    expect(parseVolume('0.26')).toBe(0.3);
    expect(parseVolume('7')).toBe(1);
    expect(parseVolume('-1')).toBe(0);
    expect(parseVolume(null)).toBe(1);
    expect(parseVolume('')).toBe(1);
    expect(parseVolume('loud')).toBe(1);
  });
});
