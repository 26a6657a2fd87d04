import type { CampaignBody, CampaignDetail } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { campaigns } from '../../db/schema/index.js';
import { invalid } from '../../platform/errors.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { sendAtOf } from '../schedules/schedule-time.js';
import { loadCampaignDetail } from './campaign-view.js';
import { campaignEvents } from './campaign-events.js';
import { checkCampaignRefs } from './campaign-refs.js';
import { ensureSomeMessage, statusFor } from './campaign-rules.js';
import { checkTemplateFields } from '../templates/campaign-template.js';

/**
 * `POST /campaigns`: PROGRAMADA when `scheduledAt` is given (a time already past starts at the
 * runner's next pass), else INATIVA. Its attachment comes later, through the upload route.
 */
export function createCampaign(ctx: Ctx, input: CampaignBody) {
  const { actor } = ctx;
  ensureSomeMessage(input);
  if (input.mediaPath) throw invalid({ mediaPath: 'notFound' }, 'Attachments arrive through the upload route');
  return ctx.tenant(async (tx, events) => {
    await checkCampaignRefs(tx, input);
    await checkTemplateFields(tx, input.whatsappId, input);
    const scheduledAt = input.scheduledAt ? await sendAtOf(tx, input.scheduledAt) : null;
    const [row] = await tx
      .insert(campaigns)
      .values({
        companyId: actor.companyId,
        name: input.name,
        contactListId: input.contactListId,
        tagId: input.tagListId ?? null,
        whatsappId: input.whatsappId,
        fileListId: input.fileListId ?? null,
        scheduledAt,
        status: statusFor(scheduledAt),
        message1: input.message1,
        message2: input.message2,
        message3: input.message3,
        message4: input.message4,
        message5: input.message5,
        templateName: input.templateName ?? null,
        templateLanguage: input.templateName ? (input.templateLanguage ?? null) : null,
        templateVariables: input.templateName ? (input.templateVariables ?? []) : null,
      })
      .returning({ id: campaigns.id });
    const campaign = await loadCampaignDetail(tx, row!.id);
    events.push(campaignEvents.saved(actor.companyId, 'create', campaign));
    return campaign;
  });
}

wireMatches<Answer<typeof createCampaign>, CampaignDetail>(true);
