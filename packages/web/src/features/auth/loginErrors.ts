import type { SubscriptionExpiredError } from '@balcao/contracts';
import i18n from '../../app/providers/i18n';
import { isApiError } from '../../lib/api';
import { formatDate } from '../../lib/dates';

/**
 * Text for a refused login with 402 ERR_SUBSCRIPTION_EXPIRED: "expired on <date>, contact
 * support". The date comes from the body (`dueDate`) when the server sends it, else from the
 * server's message; without either, the server's message is shown as it is.
 */
export function subscriptionExpiredText(err: unknown): string | null {
  if (!isApiError(err) || err.code !== 'ERR_SUBSCRIPTION_EXPIRED') return null;
  const dueDate = (err.body as SubscriptionExpiredError | undefined)?.dueDate;
  let date = dueDate ? formatDate(dueDate) : '';
  if (!date) {
    const iso = /\d{4}-\d{2}-\d{2}/.exec(err.message);
    const br = /\d{2}\/\d{2}\/\d{4}/.exec(err.message);
    date = iso ? formatDate(iso[0]) : (br?.[0] ?? '');
  }
  return date ? i18n.t('auth.subscriptionExpired', { date }) : err.message;
}
