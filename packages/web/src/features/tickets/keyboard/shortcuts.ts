/**
 * The inbox's keyboard shortcuts, in one table: the hook (useShortcuts.ts) matches keys against
 * it and the sheet (`?`, ShortcutSheet.tsx) lists it. Single letters, as mail clients use them;
 * arrows stay with the lists, menus and tabs that already use them. None acts while the person
 * types (an input, a text area, a select, editable text) or holds Ctrl, Alt or Meta, nor while a
 * dialog is open (its own keys win).
 */
export const SHORTCUTS = [
  { id: 'next', keys: ['j'] },
  { id: 'previous', keys: ['k'] },
  { id: 'accept', keys: ['a'] },
  { id: 'resolve', keys: ['e'] },
  { id: 'transfer', keys: ['t'] },
  { id: 'reply', keys: ['r'] },
  { id: 'help', keys: ['?'] },
] as const satisfies ReadonlyArray<{ id: string; keys: readonly string[] }>;

export type ShortcutId = (typeof SHORTCUTS)[number]['id'];

interface KeyLike {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  target: EventTarget | null;
}

/** Whether the key goes to what has the focus: a field being typed in. */
function typing(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const el = target as HTMLElement;
  if (el.isContentEditable) return true;
  return Boolean(
    el.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="combobox"]'),
  );
}

/** The shortcut this key press asks for, if any. */
export function shortcutOf(e: KeyLike, dialogOpen: boolean): ShortcutId | undefined {
  if (e.ctrlKey || e.altKey || e.metaKey || dialogOpen || typing(e.target)) return undefined;
  return SHORTCUTS.find((s) => (s.keys as readonly string[]).includes(e.key))?.id;
}
