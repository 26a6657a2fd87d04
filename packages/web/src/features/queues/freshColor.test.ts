import { describe, expect, it } from 'vitest';
import { PALETTE } from './ColorField';
import { freshColor } from './freshColor';

describe('freshColor', () => {
  it('picks a palette colour no queue has (colours compare without case)', () => {
    const used = PALETTE.slice(1).map((c) => c.toLowerCase());
    for (let i = 0; i < 20; i++) expect(freshColor(used)).toBe(PALETTE[0]);
  });

  it('picks among all the free ones at random', () => {
    expect(freshColor([], () => 0)).toBe(PALETTE[0]);
    expect(freshColor([], () => 0.999)).toBe(PALETTE[PALETTE.length - 1]);
  });

  it('makes up another colour once the palette is used up', () => {
    const c = freshColor(PALETTE);
    expect(c).toMatch(/^#[0-9A-F]{6}$/);
    expect(PALETTE).not.toContain(c);
  });
});
