import type { FastifyRequest } from 'fastify';
import { FLOW_MEDIA_FIELD, type FlowMediaRoute } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { flowMedia } from '../../db/schema/index.js';
import { invalid } from '../../platform/errors.js';
import { discardMedia, readMultipartMedia } from '../../platform/uploads.js';
import { mediaRules } from './flow-media.js';

/**
 * `POST /flowbuilder/img|audio|content` (multipart `medias`; `body` and `fromMe` are read and not
 * used): each file of a type the route takes (`FLOW_MEDIA_LIMITS`), its first bytes matching it,
 * within its kind's size (413 naming `medias` with `maxBytes`), stored under a key the storage
 * makes and recorded in `flow_media`. The key is the file's name from then on: the answer, what a
 * media node's data carries, what `GET /flowbuilder/media?name=` serves. `img` and `audio` take
 * one file and answer `{name}`; `content` takes several and answers their names in order.
 */
export async function uploadFlowMedia(ctx: Ctx, route: FlowMediaRoute, req: FastifyRequest): Promise<string[]> {
  const { actor, deps } = ctx;
  if (!req.isMultipart()) throw invalid({ [FLOW_MEDIA_FIELD]: 'required' }, 'Send the files as multipart');
  const { accept, maxBytes } = mediaRules(route);
  const { medias } = await readMultipartMedia(
    req,
    deps.storage,
    actor.companyId,
    ['body', 'fromMe'],
    FLOW_MEDIA_FIELD,
    accept,
    maxBytes,
  );
  try {
    if (medias.length === 0) throw invalid({ [FLOW_MEDIA_FIELD]: 'required' }, 'No file in');
    if (route !== 'content' && medias.length > 1) throw invalid({ [FLOW_MEDIA_FIELD]: 'oneFileOnly' }, 'One file in');
    await ctx.tenant((tx) =>
      tx.insert(flowMedia).values(
        medias.map((m) => ({
          companyId: actor.companyId,
          userId: actor.userId,
          key: m.key,
          mimetype: m.mimetype,
          fileName: m.name,
        })),
      ),
    );
    return medias.map((m) => m.key);
  } catch (err) {
    await discardMedia(deps.storage, medias);
    throw err;
  }
}
