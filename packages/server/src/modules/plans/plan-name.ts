import { invalid, isUniqueViolation } from '../../platform/errors.js';

/** Plan names are unique (the index `plans_name_key` decides): a duplicate is 400 on `name`. */
export function duplicatePlanName(err: unknown): unknown {
  return isUniqueViolation(err, 'plans_name_key') ? invalid({ name: 'duplicated' }, 'A plan with this name exists') : err;
}
