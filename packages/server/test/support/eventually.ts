/**
 * Polls `check` until it returns a truthy value (answered) or stops throwing, bounded by `ms`:
 * for effects that happen after a request returns (a job, a NOTIFY, a timer). Never a fixed sleep.
 */
export type Truthy<T> = Exclude<T, false | null | undefined | 0 | ''>;

export async function eventually<T>(check: () => Promise<T> | T, ms = 10_000, what = 'condition'): Promise<Truthy<T>> {
  const deadline = Date.now() + ms;
  let last: unknown;
  for (let wait = 10; ; wait = Math.min(wait * 2, 200)) {
    try {
      const value = await check();
      if (value) return value as Truthy<T>;
      last = undefined;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) {
      throw last instanceof Error ? last : new Error(`timed out waiting for ${what}`);
    }
    await new Promise((r) => setTimeout(r, wait));
  }
}
