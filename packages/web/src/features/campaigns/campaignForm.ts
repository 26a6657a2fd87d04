/**
 * The campaign form's values (text, as the native selects and inputs hold them), its checks (the
 * contracts' `campaignBody`, plus: one message at least) and the body it sends.
 */
import type { FieldError, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CAMPAIGN_MESSAGE_KEYS,
  campaignBody,
  type Campaign,
  type CampaignBody,
  type CampaignMessageKey,
  type CampaignUpdateBody,
} from '@balcao/contracts';
import { withRequired } from '../../lib/forms';
import type { CampaignEditing } from './campaignEditing';
import { fromZonedInput, toZonedInput } from '../../lib/zonedTime';

export type CampaignFormValues = {
  name: string;
  contactListId: string;
  /** '' = Nenhuma (every contact of the list). */
  tagListId: string;
  whatsappId: string;
  /** `datetime-local` on the company's clock (lib/zonedTime.ts); '' = not scheduled. */
  scheduledAt: string;
  fileListId: string;
  /** Cloud API: the template every contact gets ('' = the messages); its language; its texts. */
  templateName: string;
  templateLanguage: string;
  templateVariables: string[];
} & Record<CampaignMessageKey, string>;

const idText = (id: number | null | undefined) => (id ? String(id) : '');

export function campaignFormValues(campaign: Campaign | undefined, timeZone: string): CampaignFormValues {
  const messages = Object.fromEntries(CAMPAIGN_MESSAGE_KEYS.map((k) => [k, campaign?.[k] ?? ''])) as Record<
    CampaignMessageKey,
    string
  >;
  return {
    name: campaign?.name ?? '',
    contactListId: idText(campaign?.contactListId),
    tagListId: idText(campaign?.tagListId ?? campaign?.tagId),
    whatsappId: idText(campaign?.whatsappId),
    scheduledAt: toZonedInput(campaign?.scheduledAt, timeZone),
    fileListId: idText(campaign?.fileListId),
    templateName: campaign?.templateName ?? '',
    templateLanguage: campaign?.templateLanguage ?? '',
    templateVariables: campaign?.templateVariables ?? [],
    ...messages,
  };
}

const schemaResolver = withRequired(zodResolver(campaignBody)) as unknown as Resolver<
  CampaignFormValues,
  unknown,
  CampaignBody
>;

/** The contracts' rules, and a message in one of the five tabs at least. */
export const campaignResolver: Resolver<CampaignFormValues, unknown, CampaignBody> = async (values, ctx, options) => {
  const result = await schemaResolver(values, ctx, options);
  if (values.templateName || CAMPAIGN_MESSAGE_KEYS.some((k) => values[k].trim() !== '')) return result;
  const missing: FieldError = { type: 'required', message: 'messageRequired' };
  return { values: {}, errors: { ...result.errors, message1: missing } };
};

/**
 * What Save sends: every field, or the messages only when that is all a campaign may change. The
 * time typed on the company's clock goes as the instant it names there (ISO 8601 UTC).
 */
export function campaignPayload(parsed: CampaignBody, editing: CampaignEditing, timeZone: string): CampaignUpdateBody {
  const messages = Object.fromEntries(CAMPAIGN_MESSAGE_KEYS.map((k) => [k, parsed[k]]));
  if (editing === 'messages') return messages;
  const { mediaPath: _kept, ...fields } = parsed;
  return {
    ...fields,
    ...messages,
    tagListId: parsed.tagListId ?? null,
    fileListId: parsed.fileListId ?? null,
    scheduledAt: parsed.scheduledAt ? fromZonedInput(parsed.scheduledAt, timeZone) : null,
  };
}
