import { isMaskedSecret } from '@balcao/contracts';

/**
 * A secret field's value after an edit from `previous` to `next`: a masked value (the stored
 * secret) is replaced, never extended — typed after the mask, the new text alone; any other edit
 * of the mask, nothing. An unmasked value edits as usual.
 */
export function editedSecret(previous: string, next: string): string {
  if (next === previous || !isMaskedSecret(previous) || !isMaskedSecret(next)) return next;
  return next.startsWith(previous) ? next.slice(previous.length) : '';
}
