import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type pg from 'pg';
import type { z } from 'zod';
import type { Tx } from '../db/client.js';
import { currentRequestId, withRequestId } from './request-id.js';
import { bossDbIn, grantTenantJobs, namedBossDb } from './pg-boss-internals.js';

/**
 * Typed jobs on pg-boss. A job spec names the queue, carries a version, and validates its
 * payload with zod (the payload always says which company it is for, or null for platform work).
 * Each domain owns its jobs: the specs its code queues, and their handlers (`JobHandler`), which
 * boot.ts composes. Handlers re-read state and are safe to run twice: pg-boss delivers at least
 * once.
 *
 * Versions: a job is stored with its spec's `version` (`v` in its data). Change a payload
 * incompatibly and the version goes up; a job of another version is refused loudly (it fails
 * and stays visible) rather than misread. Jobs stored before versions existed count as 1.
 */
export interface JobSpec<S extends z.ZodType = z.ZodType> {
  name: string;
  version: number;
  schema: S;
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** pg-boss queue policy; 'short' keeps at most one queued job per singleton key. */
  policy?: 'standard' | 'short' | 'singleton' | 'stately';
  /** Runs on this cron (UTC) with this payload: one job per tick, whatever the number of processes. */
  cron?: { expression: string; payload: z.infer<S> };
}

/** What runs a job: `D` is what the handler needs of the process (the deps, or a part of them). */
export interface JobHandler<D = unknown, S extends z.ZodType = z.ZodType> {
  spec: JobSpec<S>;
  /** How many jobs of this queue one process works at once. */
  concurrency?: number;
  handle: (payload: z.infer<S>, meta: { id: string; log: Logger; deps: D }) => Promise<void>;
}

export const defineJob = <S extends z.ZodType>(spec: JobSpec<S>) => spec;
export const handleJob = <D, S extends z.ZodType>(h: JobHandler<D, S>) => h as unknown as JobHandler<D>;

/**
 * The data stored for a payload: the payload checked, with its spec's version and, when a request
 * queued it, that request's id (`rid`, request-id.ts): the job's log lines carry it, and so do the
 * jobs it queues in turn. Outside the payload's schema, so no spec declares it.
 */
const stored = (spec: JobSpec, payload: unknown) => {
  const rid = currentRequestId();
  return { ...(spec.schema.parse(payload) as object), v: spec.version, ...(rid ? { rid } : {}) };
};
const versionOf = (data: unknown) => Number((data as { v?: unknown } | null)?.v ?? 1);
const requestIdIn = (data: unknown) => {
  const rid = (data as { rid?: unknown } | null)?.rid;
  return typeof rid === 'string' ? rid : undefined;
};

/** A job queued inside a tenant transaction (`Jobs.insertWithin`). */
export interface TxJob<P> {
  /** Chosen by the caller (crypto.randomUUID()), so it knows which row is which. */
  id: string;
  payload: P;
  singletonKey?: string;
  /** Not fetched by a worker before this many seconds. */
  startAfterSeconds?: number;
  /** This job's own retry delay (seconds, the back-off's base), instead of its queue's. */
  retryDelaySeconds?: number;
}

export interface Jobs {
  send<S extends z.ZodType>(spec: JobSpec<S>, payload: z.infer<S>, opts?: PgBoss.SendOptions): Promise<string | null>;
  /**
   * Queues jobs in the caller's transaction, in one statement: they exist exactly when what
   * they react to was committed. Runs as the tenant role (granted insert on the job table).
   */
  insertWithin<S extends z.ZodType>(tx: Tx, spec: JobSpec<S>, jobs: TxJob<z.infer<S>>[]): Promise<void>;
  stop(): Promise<void>;
}

/** `deps` is read when a job runs: the jobs start before the rest of the deps exist. */
export async function startJobs<D>(
  owner: pg.Pool,
  handlers: JobHandler<D>[],
  deps: () => D,
  log: Logger,
): Promise<Jobs> {
  const specs = handlers.map((h) => h.spec);
  const boss = new PgBoss({
    db: namedBossDb(owner),
    schema: 'pgboss',
  });
  boss.on('error', (err) => log.error({ err }, 'job system error'));
  await boss.start();
  await grantTenantJobs(owner);
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
  for (const h of handlers) {
    const workerId = await boss.work(
      h.spec.name,
      { batchSize: h.concurrency ?? 4, pollingIntervalSeconds: 0.5 },
      async (jobs: PgBoss.Job<unknown>[]) => {
        await Promise.all(
          jobs.map(async (job) => {
            if (versionOf(job.data) !== h.spec.version) {
              throw new Error(
                `${h.spec.name}: job of version ${versionOf(job.data)}, this process runs ${h.spec.version}`,
              );
            }
            const rid = requestIdIn(job.data);
            await withRequestId(rid, () =>
              h.handle(h.spec.schema.parse(job.data), {
                id: job.id,
                log: log.child({ job: h.spec.name, jobId: job.id, ...(rid ? { reqId: rid } : {}) }),
                deps: deps(),
              }),
            );
          }),
        );
      },
    );
    workerIds.set(h.spec.name, workerId);
  }
  for (const spec of specs) {
    if (spec.cron) await boss.schedule(spec.name, spec.cron.expression, stored(spec, spec.cron.payload));
  }
  return {
    async send(spec, payload, opts = {}) {
      const id = await boss.send(spec.name, stored(spec, payload), opts);
      // This process's worker fetches it now rather than at its next poll (up to 0.5 s later).
      const local = workerIds.get(spec.name);
      if (id && local) boss.notifyWorker(local);
      return id;
    },
    async insertWithin(tx, spec, jobs) {
      if (jobs.length === 0) return;
      const rows = jobs.map((j) => ({
        id: j.id,
        name: spec.name,
        data: stored(spec, j.payload),
        singletonKey: j.singletonKey,
        startAfter: j.startAfterSeconds ? `${j.startAfterSeconds} seconds` : undefined,
        retryDelay: j.retryDelaySeconds,
      }));
      await boss.insert(rows, { db: bossDbIn(tx) });
    },
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 5000 }),
  };
}
