import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  BufferJSON,
  initAuthCreds,
  proto,
  type AuthenticationCreds,
  type AuthenticationState,
  type SignalDataSet,
  type SignalDataTypeMap,
} from '@whiskeysockets/baileys';
import { inTenant, type Tx } from '../../db/client.js';
import { channelKeys } from '../../db/schema/index.js';
import type { Deps } from '../../platform/context.js';

/** The connection an auth state belongs to. */
export interface AuthRef {
  id: number;
  companyId: number;
}

export interface DbAuthState {
  state: AuthenticationState;
  /** Writes the creds row (Baileys mutates `state.creds` and then emits `creds.update`). */
  saveCreds(): Promise<void>;
}

const CREDS_KEY = 'creds';
/** Rows per INSERT: keeps a pre-key upload (hundreds of keys) well under PostgreSQL's parameter limit. */
const CHUNK = 500;

/** A value as stored in jsonb: Buffers and Uint8Arrays become `{type: 'Buffer', data: base64}`. */
export function toStored(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, BufferJSON.replacer));
}

/** The value Baileys expects back: Buffers revived. */
export function fromStored<T>(value: unknown): T {
  return JSON.parse(JSON.stringify(value), BufferJSON.reviver) as T;
}

const rowKey = (type: string, id: string) => `${type}-${id}`;

/**
 * A Baileys auth state in `channel_keys`: one row per key, in the connection's tenant scope.
 * The creds live under `creds`; each signal key under `${type}-${id}`. `keys.set` writes only
 * the keys it is given (an upsert each, a delete for null), never the whole state.
 */
export async function loadAuthState(deps: Deps, conn: AuthRef): Promise<DbAuthState> {
  const scope = <T>(fn: (tx: Tx) => Promise<T>) => inTenant(deps.pools.db, conn.companyId, fn);
  const ofConn = eq(channelKeys.whatsappId, conn.id);

  const [stored] = await scope((tx) =>
    tx
      .select({ value: channelKeys.value })
      .from(channelKeys)
      .where(and(ofConn, eq(channelKeys.key, CREDS_KEY))),
  );
  const creds: AuthenticationCreds = stored ? fromStored(stored.value) : initAuthCreds();

  async function upsert(tx: Tx, rows: { key: string; value: unknown }[]) {
    for (let i = 0; i < rows.length; i += CHUNK) {
      await tx
        .insert(channelKeys)
        .values(
          rows.slice(i, i + CHUNK).map((r) => ({
            companyId: conn.companyId,
            whatsappId: conn.id,
            key: r.key,
            value: toStored(r.value),
          })),
        )
        .onConflictDoUpdate({
          target: [channelKeys.whatsappId, channelKeys.key],
          set: { value: sql`excluded.value`, updatedAt: sql`now()` },
        });
    }
  }

  return {
    state: {
      creds,
      keys: {
        async get<T extends keyof SignalDataTypeMap>(type: T, ids: string[]) {
          const out: { [id: string]: SignalDataTypeMap[T] } = {};
          if (!ids.length) return out;
          const byKey = new Map(ids.map((id) => [rowKey(type, id), id]));
          const rows = await scope((tx) =>
            tx
              .select({ key: channelKeys.key, value: channelKeys.value })
              .from(channelKeys)
              .where(and(ofConn, inArray(channelKeys.key, [...byKey.keys()]))),
          );
          for (const row of rows) {
            const id = byKey.get(row.key);
            if (id === undefined) continue;
            let value = fromStored<SignalDataTypeMap[T]>(row.value);
            if (type === 'app-state-sync-key') {
              value = proto.Message.AppStateSyncKeyData.fromObject(value as object) as unknown as SignalDataTypeMap[T];
            }
            out[id] = value;
          }
          return out;
        },
        async set(data: SignalDataSet) {
          const writes: { key: string; value: unknown }[] = [];
          const removes: string[] = [];
          for (const [type, entries] of Object.entries(data)) {
            for (const [id, value] of Object.entries(entries ?? {})) {
              if (value === null || value === undefined) removes.push(rowKey(type, id));
              else writes.push({ key: rowKey(type, id), value });
            }
          }
          if (!writes.length && !removes.length) return;
          await scope(async (tx) => {
            for (let i = 0; i < removes.length; i += CHUNK) {
              await tx.delete(channelKeys).where(and(ofConn, inArray(channelKeys.key, removes.slice(i, i + CHUNK))));
            }
            await upsert(tx, writes);
          });
        },
      },
    },
    saveCreds: () => scope((tx) => upsert(tx, [{ key: CREDS_KEY, value: creds }])),
  };
}

/** Forgets the pairing: every row of the connection (creds and keys). */
export async function clearAuthState(deps: Deps, conn: AuthRef): Promise<void> {
  await inTenant(deps.pools.db, conn.companyId, (tx) =>
    tx.delete(channelKeys).where(eq(channelKeys.whatsappId, conn.id)),
  );
}
