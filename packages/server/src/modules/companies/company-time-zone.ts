import type { Tx } from '../../db/client.js';
import { companies } from '../../db/schema/index.js';
import { oncePerTx } from '../../db/once-per-tx.js';
import { DEFAULT_TIME_ZONE } from '../../platform/wall-clock.js';

/**
 * The tenant's time zone (the transaction's company, under RLS), read once per transaction:
 * what its calendar days, typed dates and message variables are told in.
 */
export function companyTimeZone(tx: Tx): Promise<string> {
  return oncePerTx(tx, 'company-time-zone', async () => {
    const [company] = await tx.select({ zone: companies.timezone }).from(companies);
    return company?.zone ?? DEFAULT_TIME_ZONE;
  });
}
