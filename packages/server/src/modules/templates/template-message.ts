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
  const row = await sendableTemplate(
    tx,
    whatsappId,
    input.name,
    input.language,
    {
      name: 'template.name',
      variables: 'template.variables',
    },
    input.variables.length,
  );
  return {
    body: filledBody(row.components, input.variables),
    template: {
      name: input.name,
      language: input.language,
      components: sendComponents(row.components, input.variables),
    },
  };
}

/** The connection's stored template (any status), or undefined. */
export async function storedTemplate(tx: Tx, whatsappId: number, name: string, language: string) {
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
        eq(whatsappTemplates.name, name),
        eq(whatsappTemplates.language, language),
      ),
    );
  return row;
}

/**
 * A template that may be sent with `given` texts: one of the connection's APPROVED templates
 * (else 400 on `fields.name`) whose BODY takes exactly that many (else 400 on `fields.variables`).
 */
export async function sendableTemplate(
  tx: Tx,
  whatsappId: number,
  name: string,
  language: string,
  fields: { name: string; variables: string },
  given: number,
) {
  const row = await storedTemplate(tx, whatsappId, name, language);
  if (!row) throw invalid({ [fields.name]: 'notFound' }, 'The connection has no such template');
  if (row.status !== 'APPROVED') throw invalid({ [fields.name]: 'notApproved' }, 'Only approved templates send');
  if (given !== row.variables)
    throw invalid({ [fields.variables]: `count:${row.variables}` }, `The template takes ${row.variables} texts`);
  return row;
}
