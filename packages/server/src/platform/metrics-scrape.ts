import type pg from 'pg';
import { Gauge } from 'prom-client';
import { registry } from './metrics.js';

/** What the gauges read when Prometheus scrapes; boot.ts hands them over once the process runs. */
export interface ScrapeSources {
  /** The owner's pool: it reads the outbox across companies and pg-boss's table. */
  owner: pg.Pool;
  /** The job queues this process knows (labels come from this list only). */
  queues: readonly string[];
  sockets(): number;
  sessions(): number;
}

let sources: ScrapeSources | undefined;

/** Points the gauges at this process's parts; answers how to stop (a test's app stopping). */
export function watchForScrape(s: ScrapeSources): () => void {
  sources = s;
  return () => {
    if (sources === s) sources = undefined;
  };
}

interface Snapshot {
  outboxPending: number;
  outboxOldestSeconds: number;
  queues: Array<{ name: string; depth: number; lagSeconds: number }>;
}

/**
 * One round trip for every database gauge of a scrape (each gauge's `collect` asks; the first
 * asks the database, the others share its answer). Both reads use partial indexes: the outbox's
 * (`messages_outbox_idx`, queued messages only) and pg-boss's per-queue partitions.
 */
const SNAPSHOT = `
  select
    (select count(*)::int from messages m
      where m.from_me and m.external_id is null and m.error is null and m.ack = 0 and not m.is_deleted) as "pending",
    (select coalesce(extract(epoch from now() - min(m.created_at)), 0)::float8 from messages m
      where m.from_me and m.external_id is null and m.error is null and m.ack = 0 and not m.is_deleted) as "oldest",
    (select coalesce(json_agg(q), '[]') from (
      select name, count(*)::int as depth,
        coalesce(extract(epoch from now() - min(start_after) filter (where start_after <= now())), 0)::float8 as lag
      from pgboss.job where state in ('created', 'retry') and name = any($1::text[]) group by name) q) as "queues"`;

const SNAPSHOT_FOR_MS = 1_000;
const SNAPSHOT_TIMEOUT_MS = 5_000;
let snapshot: { at: number; value: Promise<Snapshot | undefined> } | undefined;

function read(): Promise<Snapshot | undefined> {
  const s = sources;
  if (!s) return Promise.resolve(undefined);
  if (snapshot && Date.now() - snapshot.at < SNAPSHOT_FOR_MS) return snapshot.value;
  const query = s.owner.query<{
    pending: number;
    oldest: number;
    queues: Array<{ name: string; depth: number; lag: number }>;
  }>(SNAPSHOT, [s.queues]);
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error('metrics snapshot timed out')), SNAPSHOT_TIMEOUT_MS).unref(),
  );
  const value = Promise.race([query, timeout]).then(
    ({ rows: [row] }) => ({
      outboxPending: row!.pending,
      outboxOldestSeconds: row!.oldest,
      queues: row!.queues.map((q) => ({ name: q.name, depth: q.depth, lagSeconds: q.lag })),
    }),
    // A scrape during an outage still answers (the process's own metrics); the gauges keep their last values.
    () => undefined,
  );
  snapshot = { at: Date.now(), value };
  return value;
}

/** A gauge read from the snapshot; during an outage it keeps its last value. */
function snapshotGauge(name: string, help: string, value: (s: Snapshot) => number): void {
  new Gauge({
    name,
    help,
    registers: [registry],
    async collect() {
      const s = await read();
      if (s) this.set(value(s));
    },
  });
}

snapshotGauge(
  'balcao_outbox_pending',
  'Outbound messages queued and not yet sent, all connections',
  (s) => s.outboxPending,
);
snapshotGauge(
  'balcao_outbox_oldest_age_seconds',
  'Age of the oldest queued outbound message (0 when none waits)',
  (s) => s.outboxOldestSeconds,
);

/**
 * A gauge per job queue, read from the snapshot: every queue this process knows is reported (0
 * when none waits), so a queue that empties drops to 0 rather than keeping its last value.
 */
function perQueueGauge(name: string, help: string, value: (q: Snapshot['queues'][number]) => number): void {
  new Gauge({
    name,
    help,
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      const s = await read();
      if (!s) return;
      this.reset();
      for (const queue of sources?.queues ?? []) this.set({ queue }, 0);
      for (const q of s.queues) this.set({ queue: q.name }, value(q));
    },
  });
}

perQueueGauge('balcao_job_queue_depth', 'Jobs waiting (created or to retry) per queue', (q) => q.depth);
perQueueGauge(
  'balcao_job_lag_seconds',
  'How long the oldest due job of each queue has waited for a worker',
  (q) => q.lagSeconds,
);

new Gauge({
  name: 'balcao_socket_connections',
  help: 'Socket.IO connections open on this process',
  registers: [registry],
  collect() {
    this.set(sources?.sockets() ?? 0);
  },
});

new Gauge({
  name: 'balcao_whatsapp_sessions',
  help: 'WhatsApp sessions (connections) this process holds',
  registers: [registry],
  collect() {
    this.set(sources?.sessions() ?? 0);
  },
});
