import type { Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { ownRows } from '../../platform/own-rows.js';

/**
 * The members a body names, checked as users of the company (400 naming `users` otherwise,
 * another company's as an unknown one), with the owner always among them.
 */
export async function memberSet(tx: Tx, ownerId: number, named: ReadonlyArray<{ id: number }>): Promise<number[]> {
  const ids = await ownRows(
    tx,
    users,
    named.map((u) => u.id),
    'users',
  );
  return [...new Set([ownerId, ...ids])];
}
