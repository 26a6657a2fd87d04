import { and, eq } from 'drizzle-orm';
import type { TemplateSend } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import { whatsappTemplates } from '../../db/schema/index.js';
import { invalid } from '../../platform/errors.js';
import { filledBody, sendComponents } from './template-text.js';

/** What a queued template message carries to the channel (`messages.data.template`). */
export interface QueuedTemplate {
  name: string;
  language: string;
  /** Meta's `template.components` of the send, ready as they go. */
  components: unknown[];
}

/**
 * A template send on a connection: the template must be one of its synced, APPROVED templates
 * (else 400 on `template.name`) and take exactly as many texts as its BODY has `{{n}}` (else 400
 * on `template.variables`). Answers the stored text (the BODY filled, what the customer reads)
 * and what the send carries.
 */
export async function templateMessage(
  tx: Tx,
  whatsappId: number,
  input: TemplateSend,
): Promise<{ body: string; template: QueuedTemplate }> {
  const [row] = await tx
    .select({
      status: whatsappTemplates.status,
      components: whatsappTemplates.components,
      variables: whatsappTemplates.variables,
    })
    .from(whatsappTemplates)
    .where(
      and(
        eq(whatsappTemplates.whatsappId, whatsappId),
        eq(whatsappTemplates.name, input.name),
        eq(whatsappTemplates.language, input.language),
      ),
    );
  if (!row) throw invalid({ 'template.name': 'notFound' }, 'The connection has no such template');
  if (row.status !== 'APPROVED') throw invalid({ 'template.name': 'notApproved' }, 'Only approved templates send');
  if (input.variables.length !== row.variables)
    throw invalid({ 'template.variables': `count:${row.variables}` }, `The template takes ${row.variables} texts`);
  return {
    body: filledBody(row.components, input.variables),
    template: {
      name: input.name,
      language: input.language,
      components: sendComponents(row.components, input.variables),
    },
  };
}
