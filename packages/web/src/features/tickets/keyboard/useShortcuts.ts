/**
 * Runs the inbox's shortcuts (shortcuts.ts) a component handles: each caller passes the actions
 * it owns (the list: next, previous, accept; the open ticket: resolve, transfer, reply; the page:
 * help). The latest handlers are used, without adding a listener per render.
 */
import { useEffect, useRef } from 'react';
import { shortcutOf, type ShortcutId } from './shortcuts';

export type ShortcutHandlers = Partial<Record<ShortcutId, () => void>>;

/** A dialog or menu on screen (a closed drawer kept mounted, hidden, does not count). */
const dialogOpen = () =>
  [...document.querySelectorAll('[role="dialog"], [role="alertdialog"], [role="menu"]')].some(
    (el) => el.closest('[aria-hidden="true"]') === null && el.getClientRects().length > 0,
  );

export function useShortcuts(handlers: ShortcutHandlers, enabled = true) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.repeat) return;
      const id = shortcutOf(e, dialogOpen());
      const run = id && latest.current[id];
      if (!run) return;
      e.preventDefault();
      run();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
