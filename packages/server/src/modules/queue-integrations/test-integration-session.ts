import { randomUUID } from 'node:crypto';
import {
  isMaskedSecret,
  readServiceAccount,
  type IntegrationTestBody,
  type IntegrationTestResult,
} from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { invalid } from '../../platform/errors.js';
import { DialogflowError, detectIntent, isPrivateKey } from './dialogflow-client.js';
import { refuseInternalUrls } from '../../platform/outbound/save-check.js';

/** What the test says to the agent when the caller gives nothing. */
const GREETING = 'Olá';

/**
 * `POST /queueIntegration/testSession`: whether the Dialogflow agent of a key file answers, and
 * what it says to one text, in a session of its own. A key file that is not one (or whose key is
 * the mask the API shows: paste the file again) is a 400 naming `jsonContent`; a token refused
 * or an agent that fails or cannot be reached is `{ok: false, error}`.
 */
export async function testIntegrationSession(ctx: Ctx, input: IntegrationTestBody): Promise<IntegrationTestResult> {
  const account = readServiceAccount(input.jsonContent);
  if (!account || isMaskedSecret(account.private_key) || !isPrivateKey(account.private_key))
    throw invalid({ jsonContent: 'invalidServiceAccount' }, 'jsonContent is not a service account key file');
  refuseInternalUrls({ jsonContent: account.token_uri }, ctx.deps.config.OUTBOUND_ALLOWED_HOSTS);
  try {
    const replies = await detectIntent(
      ctx.deps.config,
      account,
      `balcao-test-${randomUUID()}`,
      input.text ?? GREETING,
      input.language,
    );
    return { ok: true, replies };
  } catch (err) {
    if (err instanceof DialogflowError) return { ok: false, replies: [], error: err.message };
    throw err;
  }
}
