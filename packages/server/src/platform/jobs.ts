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
    });
  }
  for (const w of workers) {
    await boss.work(
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
  }
  return {
    send: (spec, payload, opts = {}) => boss.send(spec.name, spec.schema.parse(payload) as object, opts),
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 5000 }),
  };
}
