import { eq } from 'drizzle-orm';
import { SETTING_DEFAULTS } from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { runTenant } from '../../platform/context.js';
import { settings } from '../../db/schema/index.js';

/**
 * Whether the company takes WhatsApp calls: the "call" setting ("disabled" by default). A call
 * it does not take is refused on WhatsApp here; the pipeline tells the caller why
 * (`InboundMessage.refusedCall`, automation/refused-call.ts).
 */
export async function callsAccepted(deps: Deps, companyId: number): Promise<boolean> {
  const value = await runTenant(deps, companyId, async (tx) => {
    const [row] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, 'call'));
    return row?.value ?? SETTING_DEFAULTS.call;
  });
  return value === 'enabled';
}
