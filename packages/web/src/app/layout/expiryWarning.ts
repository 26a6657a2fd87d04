import { EXPIRY_WARNING_DAYS } from '@balcao/contracts';
import { daysUntil } from '../../lib/dates';

/**
 * Days left before the company's due date when the subscription warning shows (foundation §4:
 * fewer than 5 days; 0 = today), else null (far off, passed or unknown).
 */
export function expiryWarningDays(dueDate: string | null | undefined, now = new Date()): number | null {
  const days = daysUntil(dueDate, now);
  return days === null || days < 0 || days >= EXPIRY_WARNING_DAYS ? null : days;
}
