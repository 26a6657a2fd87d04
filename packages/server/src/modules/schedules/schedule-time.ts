import { companies } from '../../db/schema/index.js';
import type { Tx } from '../../db/client.js';
import { DEFAULT_TIME_ZONE, instantOf } from '../../platform/wall-clock.js';

/** `sendAt` as an instant: with its offset, or on the wall clock of the company's zone. */
export async function sendAtOf(tx: Tx, value: string): Promise<Date> {
  const [company] = await tx.select({ zone: companies.timezone }).from(companies);
  return instantOf(value, company?.zone ?? DEFAULT_TIME_ZONE);
}
