import { useEffect, useRef, type RefObject } from 'react';

/** Distance from the bottom (px) at which the next page loads (operations §9). */
export const LOAD_MORE_PX = 100;

/**
 * Calls `onReach` when `marker` (the end of a list) comes within LOAD_MORE_PX of the bottom of
 * the scrolling `box` — by scroll, or by the focus moving down the rows. While `armed`, each new
 * arming observes again, so a page too short to fill the box loads the next one at once.
 */
export function useNearEnd(
  box: RefObject<HTMLElement | null>,
  marker: RefObject<HTMLElement | null>,
  armed: boolean,
  onReach: () => void,
) {
  const reach = useRef(onReach);
  useEffect(() => {
    reach.current = onReach;
  });
  useEffect(() => {
    const root = box.current;
    const end = marker.current;
    if (!armed || !root || !end) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && reach.current(), {
      root,
      rootMargin: `0px 0px ${LOAD_MORE_PX}px 0px`,
    });
    observer.observe(end);
    return () => observer.disconnect();
  }, [box, marker, armed]);
}
