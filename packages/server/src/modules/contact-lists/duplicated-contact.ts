import { AppError, isUniqueViolation } from '../../platform/errors.js';

/** The number is already in the list: 409 ERR_DUPLICATED_CONTACT. */
export const duplicatedContact = () =>
  new AppError('ERR_DUPLICATED_CONTACT', 'This number is already in the list', { fields: { number: 'duplicated' } });

/** A write that hit the (company, list, number) unique index answers 409; anything else goes on. */
export function mapDuplicate(err: unknown): never {
  if (isUniqueViolation(err, 'contact_list_items_list_number_idx')) throw duplicatedContact();
  throw err;
}
