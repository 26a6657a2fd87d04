/**
 * The user's real input in this tab (keys, pointer, wheel, the tab regaining focus), reported at
 * most once per `throttleMs`: the server's idle time behind `away` (issue 36). The first input
 * after a quiet spell is reported at once, so coming back shows online without delay.
 */
export const ACTIVITY_THROTTLE_MS = 30_000;

const INPUTS = ['keydown', 'pointerdown', 'wheel', 'focus'] as const;

export function watchActivity(report: (lastActivityAt: string) => void, throttleMs = ACTIVITY_THROTTLE_MS): () => void {
  let last = 0;
  const seen = () => {
    const now = Date.now();
    if (now - last < throttleMs) return;
    last = now;
    report(new Date(now).toISOString());
  };
  const visible = () => document.visibilityState === 'visible' && seen();
  for (const name of INPUTS) window.addEventListener(name, seen, { passive: true, capture: true });
  document.addEventListener('visibilitychange', visible);
  return () => {
    for (const name of INPUTS) window.removeEventListener(name, seen, { capture: true });
    document.removeEventListener('visibilitychange', visible);
  };
}
