import { asc, eq, inArray } from 'drizzle-orm';
import { SETTING_DEFAULTS, type SettingKey } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';
import { oncePerTx } from '../../db/once-per-tx.js';

/**
 * The one way to read company settings. Rows are stored at signup, so one always exists; a
 * missing one reads as the contracts' default. Hot paths that read a setting inside a bigger
 * single statement (the chatbot's turn, `botMayAct`) say so where they do.
 */

/** The company's value for `key`, in the caller's tenant transaction. */
export async function readSetting(tx: Tx, key: SettingKey): Promise<string> {
  const [row] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value ?? SETTING_DEFAULTS[key];
}

/**
 * `readSetting` once per transaction, for code that never writes settings (ticket transitions):
 * a bulk's chunk of tickets reads each setting once.
 */
export function readSettingOnce(tx: Tx, key: SettingKey): Promise<string> {
  return oncePerTx(tx, `setting:${key}`, () => readSetting(tx, key));
}

/** Every setting of the company in the tenant transaction, by key. */
export function readSettings(tx: Tx) {
  return tx.select({ key: settings.key, value: settings.value }).from(settings).orderBy(asc(settings.key));
}

/** The settings of several companies (platform path; `undefined`: every company's). */
export function readCompaniesSettings(tx: Tx, companyIds: number[] | undefined) {
  return tx
    .select({ companyId: settings.companyId, key: settings.key, value: settings.value })
    .from(settings)
    .where(companyIds && inArray(settings.companyId, companyIds));
}
