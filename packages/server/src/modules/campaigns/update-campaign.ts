import { eq } from 'drizzle-orm';
import type { CampaignDetail, CampaignUpdateBody } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { campaigns } from '../../db/schema/index.js';
import { invalid } from '../../platform/errors.js';
import { checkTemplateFields, type TemplateFields } from '../templates/campaign-template.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { sendAtOf } from '../schedules/schedule-time.js';
import { loadCampaignDetail, lockCampaign } from './campaign-view.js';
import { campaignEvents } from './campaign-events.js';
import { checkCampaignRefs } from './campaign-refs.js';
import { ensureEditable, ensureSomeMessage, fullyEditable, statusFor } from './campaign-rules.js';
import { removeCampaignFile, attachmentShared } from './campaign-media.js';

/**
 * `PUT /campaigns/{id}`: the fields given change, within the editing rules (campaign-rules.ts).
 * A new `scheduledAt` sets the status again (PROGRAMADA or INATIVA). `mediaPath` null drops the
 * attachment (the file leaves storage after commit unless a sent message shares it); any other
 * value must be the one it has.
 */
export async function updateCampaign(ctx: Ctx, id: number, input: CampaignUpdateBody) {
  const { actor } = ctx;
  const { campaign, orphan } = await ctx.tenant(async (tx, events) => {
    const before = await lockCampaign(tx, id);
    const scheduledAt =
      input.scheduledAt === undefined ? undefined : input.scheduledAt ? await sendAtOf(tx, input.scheduledAt) : null;
    ensureEditable(before, input, scheduledAt);
    if (input.mediaPath !== undefined && input.mediaPath !== null && input.mediaPath !== before.mediaPath)
      throw invalid({ mediaPath: 'notFound' }, 'Attachments arrive through the upload route');
    ensureSomeMessage({ ...before, ...definedOnly(input) });
    await checkCampaignRefs(tx, input);
    const template = templateOf(before, input);
    await checkTemplateFields(tx, input.whatsappId ?? before.whatsappId, template);
    const dropMedia = input.mediaPath === null && before.mediaPath !== null;
    const full = fullyEditable(before);
    await tx
      .update(campaigns)
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.message1 !== undefined && { message1: input.message1 }),
        ...(input.message2 !== undefined && { message2: input.message2 }),
        ...(input.message3 !== undefined && { message3: input.message3 }),
        ...(input.message4 !== undefined && { message4: input.message4 }),
        ...(input.message5 !== undefined && { message5: input.message5 }),
        ...template,
        ...(full && input.contactListId !== undefined && { contactListId: input.contactListId }),
        ...(full && input.tagListId !== undefined && { tagId: input.tagListId }),
        ...(full && input.whatsappId !== undefined && { whatsappId: input.whatsappId }),
        ...(full && input.fileListId !== undefined && { fileListId: input.fileListId }),
        ...(full && scheduledAt !== undefined && { scheduledAt, status: statusFor(scheduledAt) }),
        ...(full && dropMedia && { mediaPath: null, mediaName: null }),
        updatedAt: new Date(),
      })
      .where(eq(campaigns.id, id));
    const campaign = await loadCampaignDetail(tx, id);
    events.push(campaignEvents.saved(actor.companyId, 'update', campaign));
    const orphan = full && dropMedia && !(await attachmentShared(tx, id)) ? before.mediaPath : null;
    return { campaign, orphan };
  });
  await removeCampaignFile(ctx, orphan);
  return campaign;
}

/** The template fields after the edit: those given over those stored; none without a name. */
function templateOf(before: TemplateFields, input: TemplateFields) {
  const name = input.templateName !== undefined ? input.templateName : before.templateName;
  if (!name) return { templateName: null, templateLanguage: null, templateVariables: null };
  return {
    templateName: name,
    templateLanguage: input.templateLanguage !== undefined ? input.templateLanguage : before.templateLanguage,
    templateVariables:
      (input.templateVariables !== undefined ? input.templateVariables : before.templateVariables) ?? [],
  };
}

const definedOnly = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

wireMatches<Answer<typeof updateCampaign>, CampaignDetail>(true);
