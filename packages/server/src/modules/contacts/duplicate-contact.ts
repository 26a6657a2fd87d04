import { AppError, isUniqueViolation } from '../../platform/errors.js';

const duplicated = () =>
  new AppError('ERR_DUPLICATED_CONTACT', 'A contact with this number already exists', {
    fields: { number: 'duplicated' },
  });

/** The unique index (company_id, number) is the check: its violation is a duplicate. */
export async function unlessDuplicate<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (isUniqueViolation(err, 'contacts_company_number_key')) throw duplicated();
    throw err;
  }
}
