/**
 * Undo and redo on the canvas: `record()` before each change a person makes, the toolbar's
 * buttons, and Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y (⌘ on a Mac) while no dialog or text field has
 * the keyboard.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { GraphHistory, type Drawing } from './graphHistory';

export function useUndoRedo(current: () => Drawing, apply: (d: Drawing) => void, keysOn: boolean) {
  const history = useRef(new GraphHistory());
  const [, setVersion] = useState(0);
  const bump = () => setVersion((v) => v + 1);
  const latest = useRef({ current, apply });
  latest.current = { current, apply };

  const record = useCallback(() => {
    history.current.record(latest.current.current());
    bump();
  }, []);
  const step = useCallback((way: 'undo' | 'redo') => {
    const to = history.current[way](latest.current.current());
    if (to) latest.current.apply(to);
    bump();
  }, []);
  const undo = useCallback(() => step('undo'), [step]);
  const redo = useCallback(() => step('redo'), [step]);

  useEffect(() => {
    if (!keysOn) return;
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) undo();
      else if ((key === 'z' && e.shiftKey) || key === 'y') redo();
      else return;
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [keysOn, undo, redo]);

  return { record, undo, redo, canUndo: history.current.canUndo, canRedo: history.current.canRedo };
}
