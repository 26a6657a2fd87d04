import type { Tx } from '../../db/client.js';
import { instantOf } from '../../platform/wall-clock.js';
import { companyTimeZone } from '../companies/company-time-zone.js';

/** `sendAt` as an instant: with its offset, or on the wall clock of the company's zone. */
export async function sendAtOf(tx: Tx, value: string): Promise<Date> {
  return instantOf(value, await companyTimeZone(tx));
}
