import type { FastifyRequest } from 'fastify';
import { QUICK_MESSAGE_FILE_FIELD, type QuickMessage } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import { invalid } from '../../platform/errors.js';
import { discardMedia, readMultipartMedia } from '../../platform/uploads.js';
import { findEditable } from './quick-message-view.js';
import { quickMessageEvents } from './quick-message-events.js';
import { removeStoredFile, setMedia } from './quick-message-media.js';

/**
 * `POST /quick-messages/{id}/media-upload` (multipart `file`, `typeArch` accepted and unused).
 * The caller must be allowed to change the answer before the file is read. The file is checked
 * like the composer's (accepted type, content matching it, 16 MB), stored under a key the storage
 * chooses, and its name kept sanitised (spaces become underscores). It replaces the previous
 * attachment, which leaves storage after commit; a refused request removes the new file.
 */
export async function uploadQuickMessageMedia(ctx: Ctx, id: number, req: FastifyRequest) {
  const { actor, deps } = ctx;
  await ctx.tenant((tx) => findEditable(tx, actor, id));
  if (!req.isMultipart()) throw invalid({ [QUICK_MESSAGE_FILE_FIELD]: 'required' }, 'Send the file as multipart');
  const { medias } = await readMultipartMedia(
    req,
    deps.storage,
    actor.companyId,
    ['typeArch'],
    QUICK_MESSAGE_FILE_FIELD,
  );
  const media = medias[0];
  if (!media) throw invalid({ [QUICK_MESSAGE_FILE_FIELD]: 'required' }, 'No file in');
  try {
    const { record, previous } = await ctx.tenant(async (tx, events) => {
      const before = await findEditable(tx, actor, id);
      const record = await setMedia(tx, id, media.key, media.name);
      events.push(...quickMessageEvents.saved(actor.companyId, 'update', record, before));
      return { record, previous: before.mediaPath };
    });
    await removeStoredFile(ctx, previous);
    return record;
  } catch (err) {
    await discardMedia(deps.storage, medias);
    throw err;
  }
}

wireMatches<Answer<typeof uploadQuickMessageMedia>, QuickMessage>(true);
