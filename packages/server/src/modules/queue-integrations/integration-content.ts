import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  checkIntegrationFields,
  isMaskedSecret,
  NAMED_PROJECT_TYPES,
  readFlowbuilderContent,
  readServiceAccount,
  type QueueIntegrationBody,
} from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import { flows } from '../../db/schema/index.js';
import { invalid } from '../../platform/errors.js';
import { ownRows } from '../../platform/own-rows.js';
import { isPrivateKey } from './dialogflow-client.js';
import type { OutboundAllowance } from '../../platform/outbound/policy.js';
import { refuseInternalUrls } from '../../platform/outbound/save-check.js';

// The rules of an integration's saved whole, one place for its creation and its edits.

/** Types whose deliveries carry an HMAC signature (`X-Balcao-Signature`) made with `signingSecret`. */
const SIGNED_TYPES: readonly string[] = ['webhook', 'n8n'];

/** The contract's rule of what each type needs, applied to a whole integration (not only a body). */
const fitsItsType = z.any().superRefine((value, ctx) => checkIntegrationFields(value, ctx));

function jsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `jsonContent` with its `private_key` (a service account's) replaced by `mask(key)`; any other
 * text as it is. Every type's: a key left from an earlier type is still a secret.
 */
export function jsonWithMaskedKey(jsonContent: string, mask: (secret: string) => string): string {
  const o = jsonObject(jsonContent);
  if (typeof o?.private_key !== 'string' || isMaskedSecret(o.private_key)) return jsonContent;
  return JSON.stringify({ ...o, private_key: mask(o.private_key) }, null, 2);
}

/** A key file sent back as the API showed it (its key masked) gets the stored key again. */
function withStoredKey(sent: string, stored: string | undefined): string {
  const o = jsonObject(sent);
  if (typeof o?.private_key !== 'string' || !isMaskedSecret(o.private_key)) return sent;
  const kept = jsonObject(stored ?? '')?.private_key;
  if (typeof kept !== 'string' || isMaskedSecret(kept)) return sent;
  return JSON.stringify({ ...o, private_key: kept }, null, 2);
}

/** A body, or a stored row with a body's fields over it (a stored language is plain text). */
export type IntegrationWhole = Omit<QueueIntegrationBody, 'language'> & { language: string };

/** What an integration keeps from its stored row when it is edited. */
export interface StoredSecrets {
  jsonContent: string;
  signingSecret: string;
}

/**
 * The values written for an integration: `whole` is the body (create) or the stored row with the
 * body's fields over it (edit). Checked as a whole against its type (400 naming the field):
 * a Dialogflow key file whose key node can sign with (a masked key only where one is stored), a
 * flowbuilder's flow of the company; `projectName` is the name for the named-project types; a
 * webhook or n8n integration keeps its signing key, or gets one. A key file's `token_uri` written
 * as an internal address is refused naming `jsonContent` (the body's own URL fields are checked
 * by the outbound save check).
 */
export async function settleIntegration(
  tx: Tx,
  allowance: OutboundAllowance,
  whole: IntegrationWhole,
  stored?: StoredSecrets,
) {
  const jsonContent = withStoredKey(whole.jsonContent, stored?.jsonContent);
  const fields = { ...whole, jsonContent };
  const checked = fitsItsType.safeParse(fields);
  if (!checked.success) {
    throw invalid(Object.fromEntries(checked.error.issues.map((i) => [i.path.join('.'), i.message])));
  }
  if (fields.type === 'dialogflow') {
    const key = readServiceAccount(jsonContent)?.private_key ?? '';
    if (isMaskedSecret(key) || !isPrivateKey(key))
      throw invalid({ jsonContent: 'invalidServiceAccount' }, 'The service account has no usable private_key');
    refuseInternalUrls({ jsonContent: readServiceAccount(jsonContent)?.token_uri }, allowance);
  }
  if (fields.type === 'flowbuilder') {
    await ownRows(tx, flows, [readFlowbuilderContent(jsonContent)?.flowId], 'jsonContent');
  }
  const signs = SIGNED_TYPES.includes(fields.type);
  return {
    ...fields,
    projectName: NAMED_PROJECT_TYPES.includes(fields.type) ? fields.name : fields.projectName,
    signingSecret: signs ? stored?.signingSecret || randomBytes(32).toString('base64url') : '',
  };
}
