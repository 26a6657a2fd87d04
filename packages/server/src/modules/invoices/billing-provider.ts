import { asc, eq } from 'drizzle-orm';
import type { Deps } from '../../platform/context.js';
import { runPlatform } from '../../platform/context.js';
import { users } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { AsaasProvider } from '../../platform/payments/asaas.js';
import type { PaymentProvider } from '../../platform/payments/payment-provider.js';
import { readCompaniesSettings } from '../settings/read-setting.js';

/**
 * The platform's payment provider: Asaas at ASAAS_API_URL, with the API key kept in the platform
 * company's `asaas` setting (the company of the first super user, which the first start seeds).
 * The setting holds the key itself, or `{"token": "…"}` as the spec's clients wrote it.
 */
export async function billingProvider(deps: Deps): Promise<PaymentProvider> {
  const stored = await runPlatform(deps, async (tx) => {
    const [operator] = await tx
      .select({ companyId: users.companyId })
      .from(users)
      .where(eq(users.super, true))
      .orderBy(asc(users.id))
      .limit(1);
    if (!operator) return '';
    const rows = await readCompaniesSettings(tx, [operator.companyId]);
    return rows.find((r) => r.key === 'asaas')?.value ?? '';
  });
  const key = apiKeyOf(stored);
  if (!key) {
    throw new AppError(
      'ERR_PAYMENT_NOT_CONFIGURED',
      'Payments are not set up yet: the platform operator has not saved the Asaas token',
    );
  }
  return new AsaasProvider(deps.config.ASAAS_API_URL, key);
}

function apiKeyOf(value: string): string {
  const text = value.trim();
  if (text.startsWith('{')) {
    try {
      const token = (JSON.parse(text) as { token?: unknown }).token;
      return typeof token === 'string' ? token.trim() : '';
    } catch {
      return text;
    }
  }
  return text;
}
