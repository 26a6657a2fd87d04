import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { MEDIA_MAX_BYTES, QUICK_MESSAGE_FILE_FIELD } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import type { Ctx } from '../../platform/context.js';
import { quickMessages } from '../../db/schema/index.js';
import { invalid, notFound } from '../../platform/errors.js';
import { discardMedia, readMultipartMedia } from '../../platform/uploads.js';
import { findEditable, findReadable, pushQuickMessage, quickMessageColumns, toView } from './quick-message-view.js';
import { MissingObject } from '../../platform/storage.js';

/** Multipart limits of the attachment upload: one file, WhatsApp's media size. */
export const QUICK_MESSAGE_MULTIPART_OPTIONS = {
  limits: { fileSize: MEDIA_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 100 },
  throwFileSizeLimit: true,
};

/** A file no answer points to any more; a failure only leaves an orphan behind, never an error. */
export async function removeStoredFile(ctx: Ctx, key: string | null): Promise<void> {
  if (key) await ctx.deps.storage.remove(key).catch((err: unknown) => ctx.deps.log.warn({ err }, 'media not removed'));
}

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
      pushQuickMessage(events, actor.companyId, 'update', record, before);
      return { record, previous: before.mediaPath };
    });
    await removeStoredFile(ctx, previous);
    return record;
  } catch (err) {
    await discardMedia(deps.storage, medias);
    throw err;
  }
}

/** `DELETE /quick-messages/{id}/media-upload`: the answer keeps its text, loses its attachment. */
export async function removeQuickMessageMedia(ctx: Ctx, id: number) {
  const { actor } = ctx;
  const { record, previous } = await ctx.tenant(async (tx, events) => {
    const before = await findEditable(tx, actor, id);
    const record = await setMedia(tx, id, null, null);
    if (before.mediaPath !== null) pushQuickMessage(events, actor.companyId, 'update', record, before);
    return { record, previous: before.mediaPath };
  });
  await removeStoredFile(ctx, previous);
  return record;
}

async function setMedia(tx: Tx, id: number, key: string | null, name: string | null) {
  const [row] = await tx
    .update(quickMessages)
    .set({ mediaPath: key, mediaName: name, updatedAt: new Date() })
    .where(eq(quickMessages.id, id))
    .returning(quickMessageColumns);
  return toView(row!);
}

/** `GET /quick-messages/{id}/media`: the attachment, for whoever may read the answer. */
export async function quickMessageFile(ctx: Ctx, id: number) {
  const row = await ctx.tenant((tx) => findReadable(tx, ctx.actor, id));
  if (!row.mediaPath) throw notFound('media');
  return {
    key: row.mediaPath,
    data: await ctx.deps.storage.get(row.mediaPath).catch((err: unknown) => {
      throw err instanceof MissingObject ? notFound('media') : err;
    }),
    name: row.mediaName ?? 'file',
  };
}
