import { timingSafeEqual } from 'node:crypto';
import { AppError } from '../../platform/errors.js';

/** The header Asaas sends its webhook's authentication token in. */
export const ASAAS_TOKEN_HEADER = 'asaas-access-token';

/**
 * Asaas' proof: the token it sends must be ASAAS_WEBHOOK_TOKEN (compared in constant time). With
 * none configured nothing matches, so every delivery is refused (401) rather than trusted.
 */
export function checkAsaasToken(given: string | string[] | undefined, expected: string | undefined): void {
  const a = Buffer.from(typeof given === 'string' ? given : '');
  const b = Buffer.from(expected ?? '');
  if (!expected || typeof given !== 'string' || a.length !== b.length || !timingSafeEqual(a, b)) {
    throw new AppError('ERR_INVALID_CREDENTIALS', `Missing or wrong ${ASAAS_TOKEN_HEADER}`, { status: 401 });
  }
}
