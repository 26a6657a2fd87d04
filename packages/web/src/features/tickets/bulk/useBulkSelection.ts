/**
 * Which tickets of the shown list are ticked: a click toggles one, a shift-click ticks (or unticks)
 * the range from the last clicked row, as a file manager does. Ids, not rows: the list may grow
 * or reorder live under the selection.
 */
import { useCallback, useRef, useState } from 'react';
import { TICKETS_BULK_MAX } from '@balcao/contracts';

/** The ids between two rows (both included), in list order. */
export function rangeIds(ids: readonly number[], from: number, to: number): number[] {
  const [a, b] = from <= to ? [from, to] : [to, from];
  return ids.slice(a, b + 1);
}

export function useBulkSelection() {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const anchor = useRef<number | null>(null);

  /** `ids`: the list's ticket ids in order; `id`: the clicked one. */
  const toggle = useCallback((ids: readonly number[], id: number, shift: boolean) => {
    setSelected((old) => {
      const next = new Set(old);
      const on = !old.has(id);
      const from = anchor.current === null ? -1 : ids.indexOf(anchor.current);
      const at = ids.indexOf(id);
      const span = shift && from >= 0 && at >= 0 ? rangeIds(ids, from, at) : [id];
      for (const x of span) {
        if (on && next.size < TICKETS_BULK_MAX) next.add(x);
        else if (!on) next.delete(x);
      }
      return next;
    });
    anchor.current = id;
  }, []);

  const replace = useCallback((ids: readonly number[]) => {
    setSelected(new Set(ids.slice(0, TICKETS_BULK_MAX)));
  }, []);
  const clear = useCallback(() => {
    setSelected(new Set());
    anchor.current = null;
  }, []);

  return { selected, toggle, replace, clear };
}
