import type pg from 'pg';

/**
 * A fingerprint of what the product stores, to prove a refused request wrote nothing: one hash
 * per table, read through the owner's connection (every company at once). Left out: what changes
 * on its own or on any request (sessions, leases and keys of live channels, presence), and the
 * counters of refused attempts, which a refusal writes by design (rate-limit events, a reset
 * code's wrong tries).
 */
const SKIPPED_TABLES = new Set([
  'auth_sessions',
  'refresh_tokens',
  'rate_events',
  'password_resets',
  'channel_leases',
  'channel_keys',
  '__drizzle_migrations',
]);
const VOLATILE_COLUMNS = ['online', 'last_seen_at', 'status', 'qrcode', 'retries', 'number'];

export type Snapshot = Record<string, string>;

let statement: string | undefined;

export async function dbSnapshot(owner: pg.Pool): Promise<Snapshot> {
  if (!statement) {
    const { rows } = await owner.query<{ table_name: string }>(
      `select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    const drop = `array[${VOLATILE_COLUMNS.map((c) => `'${c}'`).join(',')}]`;
    statement = rows
      .map((r) => r.table_name)
      .filter((name) => !SKIPPED_TABLES.has(name))
      .map(
        (name) =>
          `select '${name}' as t, md5(coalesce(string_agg((to_jsonb(x) - ${drop})::text, '|' order by (to_jsonb(x) - ${drop})::text), '')) as h from "${name}" x`,
      )
      .join(' union all ');
  }
  const { rows } = await owner.query<{ t: string; h: string }>(statement);
  return Object.fromEntries(rows.map((r) => [r.t, r.h]));
}

/** The tables whose content differs between two snapshots. */
export const changedTables = (before: Snapshot, after: Snapshot) =>
  Object.keys(after).filter((table) => before[table] !== after[table]);
