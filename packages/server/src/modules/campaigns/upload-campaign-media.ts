import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { CAMPAIGN_FILE_FIELD, type CampaignDetail } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { campaigns } from '../../db/schema/index.js';
import { invalid } from '../../platform/errors.js';
import { discardMedia, readMultipartMedia } from '../../platform/uploads.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { loadCampaignDetail, lockCampaign } from './campaign-view.js';
import { campaignEvents } from './campaign-events.js';
import { ensureFullyEditable } from './campaign-rules.js';
import { attachmentShared, removeCampaignFile } from './campaign-media.js';

/**
 * `POST /campaigns/{id}/media-upload` (multipart `file`): the attachment sent after the text and
 * the file list's files, any kind the composer takes (content checked against its type, 16 MB);
 * its name keeps no spaces (underscores). Only while the whole form may change. It replaces the
 * previous one, which leaves storage after commit; a refused request removes the new file.
 */
export async function uploadCampaignMedia(ctx: Ctx, id: number, req: FastifyRequest) {
  const { actor, deps } = ctx;
  await ctx.tenant(async (tx) => ensureFullyEditable(await lockCampaign(tx, id)));
  if (!req.isMultipart()) throw invalid({ [CAMPAIGN_FILE_FIELD]: 'required' }, 'Send the file as multipart');
  const { medias } = await readMultipartMedia(req, deps.storage, actor.companyId, [], CAMPAIGN_FILE_FIELD);
  const media = medias[0];
  if (!media) throw invalid({ [CAMPAIGN_FILE_FIELD]: 'required' }, 'No file in');
  try {
    const { campaign, previous } = await ctx.tenant(async (tx, events) => {
      const before = await lockCampaign(tx, id);
      ensureFullyEditable(before);
      await tx
        .update(campaigns)
        .set({ mediaPath: media.key, mediaName: media.name.replace(/\s+/g, '_'), updatedAt: new Date() })
        .where(eq(campaigns.id, id));
      const campaign = await loadCampaignDetail(tx, id);
      events.push(campaignEvents.saved(actor.companyId, 'update', campaign));
      return { campaign, previous: (await attachmentShared(tx, id)) ? null : before.mediaPath };
    });
    await removeCampaignFile(ctx, previous);
    return campaign;
  } catch (err) {
    await discardMedia(deps.storage, medias);
    throw err;
  }
}

wireMatches<Answer<typeof uploadCampaignMedia>, CampaignDetail>(true);
