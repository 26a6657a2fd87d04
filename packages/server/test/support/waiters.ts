/**
 * What a fake server's tests wait on: `until(check)` resolves with `check()`'s value once it
 * holds — checked at once, then whenever the fake says `changed()` (a request arrived or was
 * answered) — and fails after `ms`, naming the fake.
 */
export function waiters(fake: string) {
  const polls = new Set<() => void>();
  return {
    changed: () => polls.forEach((poll) => poll()),
    until<T>(check: () => T | undefined | false, ms = 10_000): Promise<T> {
      return new Promise((resolve, reject) => {
        const poll = () => {
          const value = check();
          if (!value) return;
          clearTimeout(timer);
          polls.delete(poll);
          resolve(value);
        };
        const timer = setTimeout(() => {
          polls.delete(poll);
          reject(new Error(`${fake}: timed out waiting`));
        }, ms);
        polls.add(poll);
        poll();
      });
    },
  };
}
