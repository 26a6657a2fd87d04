/**
 * The show-all switch, remembered per user in this browser (`tickets.showAll.<userId>`): a
 * manager who works with everything in sight should not switch it on after every reload.
 */
import { useState } from 'react';

const keyOf = (userId: number) => `tickets.showAll.${userId}`;

export function useShowAll(userId: number): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => localStorage.getItem(keyOf(userId)) === 'true');
  const set = (next: boolean) => {
    setOn(next);
    if (next) localStorage.setItem(keyOf(userId), 'true');
    else localStorage.removeItem(keyOf(userId));
  };
  return [on, set];
}
