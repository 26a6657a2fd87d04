import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type pg from 'pg';
import type { z } from 'zod';

/**
 * Typed jobs on pg-boss. A job spec names the queue and validates its payload with zod (the
 * payload always says which company it is for, or null for platform work). Handlers re-read
 * state and are safe to run twice: pg-boss delivers at least once.
 */
export interface JobSpec<S extends z.ZodType = z.ZodType> {
  name: string;
  schema: S;
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** pg-boss queue policy; 'short' keeps at most one queued job per singleton key. */
  policy?: 'standard' | 'short' | 'singleton' | 'stately';
  /** Runs on this cron (UTC) with this payload: one job per tick, whatever the number of processes. */
  cron?: { expression: string; payload: z.infer<S> };
}

export interface JobWorker<S extends z.ZodType = z.ZodType> {
  spec: JobSpec<S>;
  /** How many jobs of this queue one process works at once. */
  concurrency?: number;
  handle(payload: z.infer<S>, meta: { id: string; log: Logger }): Promise<void>;
}

export const defineJob = <S extends z.ZodType>(spec: JobSpec<S>) => spec;
export const worker = <S extends z.ZodType>(w: JobWorker<S>) => w as unknown as JobWorker;

export interface Jobs {
  send<S extends z.ZodType>(spec: JobSpec<S>, payload: z.infer<S>, opts?: PgBoss.SendOptions): Promise<string | null>;
  stop(): Promise<void>;
}

export async function startJobs(
  owner: pg.Pool,
  specs: JobSpec[],
  workers: JobWorker[],
  log: Logger,
): Promise<Jobs> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => owner.query(text, values) },
    schema: 'pgboss',
  });
  boss.on('error', (err) => log.error({ err }, 'job system error'));
  await boss.start();
  for (const spec of specs) {
    await boss.createQueue(spec.name, {
      name: spec.name,
      retryLimit: spec.retryLimit ?? 5,
      retryDelay: spec.retryDelaySeconds ?? 5,
      retryBackoff: true,
      ...(spec.policy ? { policy: spec.policy } : {}),
    });
  }
  const workerIds = new Map<string, string>();
  for (const w of workers) {
    const workerId = await boss.work(
      w.spec.name,
      { batchSize: w.concurrency ?? 4, pollingIntervalSeconds: 0.5 },
      async (jobs: PgBoss.Job<unknown>[]) => {
        await Promise.all(
          jobs.map((job) =>
            w.handle(w.spec.schema.parse(job.data), { id: job.id, log: log.child({ job: w.spec.name, jobId: job.id }) }),
          ),
        );
      },
    );
    workerIds.set(w.spec.name, workerId);
  }
  for (const spec of specs) {
    if (spec.cron) await boss.schedule(spec.name, spec.cron.expression, spec.schema.parse(spec.cron.payload) as object);
  }
  return {
    async send(spec, payload, opts = {}) {
      const id = await boss.send(spec.name, spec.schema.parse(payload) as object, opts);
      // This process's worker fetches it now rather than at its next poll (up to 0.5 s later).
      const local = workerIds.get(spec.name);
      if (id && local) boss.notifyWorker(local);
      return id;
    },
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 5000 }),
  };
}
