import { describe, expect, it } from 'vitest';
import { SHORTCUTS, shortcutOf } from './shortcuts';

/** A stand-in for the focused element: `inField` says whether it sits in a text field. */
const target = (inField: boolean, editable = false) =>
  ({ isContentEditable: editable, closest: () => (inField ? {} : null) }) as unknown as EventTarget;
const press = (
  key: string,
  extra: Partial<{ ctrlKey: boolean; altKey: boolean; metaKey: boolean }> = {},
  t = target(false),
) => ({
  key,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  target: t,
  ...extra,
});

describe('the inbox shortcuts', () => {
  it('maps each key of the table to its action', () => {
    for (const s of SHORTCUTS) for (const k of s.keys) expect(shortcutOf(press(k), false)).toBe(s.id);
    expect(shortcutOf(press('x'), false)).toBeUndefined();
  });

  it('stays quiet while typing, with a modifier, or under a dialog', () => {
    expect(shortcutOf(press('j', {}, target(true)), false)).toBeUndefined();
    expect(shortcutOf(press('j', {}, target(false, true)), false)).toBeUndefined();
    expect(shortcutOf(press('j', { ctrlKey: true }), false)).toBeUndefined();
    expect(shortcutOf(press('e', { metaKey: true }), false)).toBeUndefined();
    expect(shortcutOf(press('a', { altKey: true }), false)).toBeUndefined();
    expect(shortcutOf(press('?'), true)).toBeUndefined();
  });

  it('has no key twice', () => {
    const keys = SHORTCUTS.flatMap((s) => [...s.keys]);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
