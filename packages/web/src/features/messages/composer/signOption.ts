/** The signOption preference: local storage `signOption`, on unless turned off (operations §2, §9). */
import { useState } from 'react';

const KEY = 'signOption';

export const readSignOption = () => localStorage.getItem(KEY) !== 'false';

export function useSignOption(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(readSignOption);
  const set = (value: boolean) => {
    localStorage.setItem(KEY, String(value));
    setOn(value);
  };
  return [on, set];
}
