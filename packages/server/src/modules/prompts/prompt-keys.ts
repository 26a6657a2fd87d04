import { isMaskedSecret } from '@balcao/contracts';
import { invalid } from '../../platform/errors.js';

/**
 * A key field as written: the mask the API showed sent back (a form saved without retyping the
 * key) keeps the stored key; nothing stored to keep makes the mask a wrong value (400 naming it).
 */
export function keptKey(field: 'apiKey' | 'voiceKey', sent: string | undefined, stored: string | undefined) {
  if (sent === undefined || !isMaskedSecret(sent)) return sent;
  if (!stored) throw invalid({ [field]: 'masked' }, `${field} is the mask of a key: type the key itself`);
  return stored;
}
