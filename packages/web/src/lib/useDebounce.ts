import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@balcao/contracts';

export function useDebounce<T>(value: T, ms = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return debounced;
}
