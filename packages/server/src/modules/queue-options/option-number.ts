import { invalid } from '../../platform/errors.js';

/** Two siblings with one number would leave the customer's answer ambiguous. */
export function assertFreeNumber(others: { id: number; option: string }[], option: string, self?: number) {
  if (others.some((o) => o.option === option && o.id !== self)) {
    throw invalid({ option: 'duplicated' }, 'Another option at this level has this number');
  }
}
