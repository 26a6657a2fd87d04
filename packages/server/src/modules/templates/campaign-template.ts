import type { Tx } from '../../db/client.js';
import { invalid } from '../../platform/errors.js';
import { sendableTemplate, storedTemplate, type QueuedTemplate } from './template-message.js';
import { filledBody, sendComponents } from './template-text.js';

/** A campaign's (or a schedule's) template fields. */
export interface TemplateFields {
  templateName?: string | null;
  templateLanguage?: string | null;
  templateVariables?: string[] | null;
}

/**
 * At save: a template named must be one of the connection's APPROVED templates taking as many
 * texts as `templateVariables` holds (400 on `templateName` / `templateVariables`).
 */
export async function checkTemplateFields(tx: Tx, whatsappId: number | null | undefined, f: TemplateFields) {
  if (!f.templateName) return;
  if (!f.templateLanguage) throw invalid({ templateLanguage: 'required' }, 'A template needs its language');
  if (!whatsappId) throw invalid({ whatsappId: 'required' }, 'A template belongs to a connection');
  await sendableTemplate(
    tx,
    whatsappId,
    f.templateName,
    f.templateLanguage,
    { name: 'templateName', variables: 'templateVariables' },
    f.templateVariables?.length ?? 0,
  );
}

/**
 * At dispatch: the template each contact gets, its texts filled per contact by `fill` (the
 * campaign's variables). A template gone since the save still goes by name: Meta judges it, and
 * its refusal is recorded on the contact's send.
 */
export async function templateForContacts(tx: Tx, whatsappId: number, f: TemplateFields) {
  if (!f.templateName || !f.templateLanguage) return null;
  const { templateName: name, templateLanguage: language } = f;
  const components = (await storedTemplate(tx, whatsappId, name, language))?.components ?? [];
  const texts = f.templateVariables ?? [];
  return (fill: (text: string) => string): { body: string; template: QueuedTemplate } => {
    const variables = texts.map(fill);
    return {
      body: components.length ? filledBody(components, variables) : name,
      template: { name, language, components: sendComponents(components, variables) },
    };
  };
}
