import { describe, expect, it } from 'vitest';
import { readableOn } from './color';

describe('readableOn', () => {
  it('picks white on dark colours and black on light ones', () => {
    expect(readableOn('#1B1F3B')).toBe('#fff');
    expect(readableOn('#3F51B5')).toBe('#fff');
    expect(readableOn('#FFC107')).toBe('#000');
    expect(readableOn('#A4CCCC')).toBe('#000');
    expect(readableOn('#fff')).toBe('#000');
  });

  it('falls back to white for text that is not a colour', () => {
    expect(readableOn('red')).toBe('#fff');
    expect(readableOn('')).toBe('#fff');
  });
});
