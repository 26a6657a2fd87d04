import { invalid, isUniqueViolation } from '../../platform/errors.js';

/** The unique index (company, user, shortcode) is the check: its violation names the field. */
export async function unlessDuplicate<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (isUniqueViolation(err, 'quick_messages_user_shortcode_key'))
      throw invalid({ shortcode: 'duplicated' }, 'You already have a quick message with this shortcode');
    throw err;
  }
}
