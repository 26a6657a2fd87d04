import type { Logger } from 'pino';

/**
 * Timed work finer than pg-boss's cron (once a minute): a pass run by every process, at start and
 * then `everyMs` after the previous pass ended. Passes share the work through the rows they lock
 * (SKIP LOCKED), not through a single scheduler, so a process dying loses nothing. A domain owns
 * its sweeps as it owns its jobs; boot.ts composes them.
 */
export interface SweepSpec<D> {
  name: string;
  everyMs: number;
  /** One pass; resolves to what it did (logged when any of it is not 0). */
  pass: (deps: D) => Promise<Record<string, number>>;
}

export interface Sweeps {
  /** Waits for the passes under way. */
  stop(): Promise<void>;
}

export function startSweeps<D>(specs: readonly SweepSpec<D>[], deps: D, log: Logger): Sweeps {
  const running = specs.map((spec) => startSweep(spec, deps, log.child({ sweep: spec.name })));
  return { stop: async () => void (await Promise.all(running.map((r) => r.stop()))) };
}

function startSweep<D>(spec: SweepSpec<D>, deps: D, log: Logger): Sweeps {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let pass: Promise<void> = Promise.resolve();
  const run = () => {
    pass = spec
      .pass(deps)
      .then((did) => {
        if (Object.values(did).some((n) => n > 0)) log.info(did, `${spec.name} swept`);
      })
      .catch((err: unknown) => log.error({ err }, `${spec.name} sweep failed`))
      .finally(() => {
        if (!stopped) timer = setTimeout(run, spec.everyMs);
      });
  };
  run();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await pass;
    },
  };
}
