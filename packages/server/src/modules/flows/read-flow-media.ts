import { eq } from 'drizzle-orm';
import { runTenant, type Deps } from '../../platform/context.js';
import { flowMedia } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { MissingObject } from '../../platform/storage.js';

/** A media node's file, as the engine sends it. */
export interface FlowMediaFile {
  data: Buffer;
  /** The type the upload accepted (checked against the bytes): image/png, audio/ogg, video/mp4… */
  mimetype: string;
  /** The name it was uploaded with, sanitised. */
  fileName: string;
  /** The storage key (the node's name for it), for a message that points at the stored file. */
  key: string;
}

/**
 * The file a media node names (`data.url`, or a content block element's `value`), read in the
 * company's scope: a name the flow API did not store for this company throws 404 (`AppError`),
 * as does a file gone from storage.
 */
export async function readFlowMedia(deps: Deps, companyId: number, name: string): Promise<FlowMediaFile> {
  const [row] = await runTenant(deps, companyId, (tx) =>
    tx
      .select({ key: flowMedia.key, mimetype: flowMedia.mimetype, fileName: flowMedia.fileName })
      .from(flowMedia)
      .where(eq(flowMedia.key, name)),
  );
  if (!row) throw notFound('flow media');
  const data = await deps.storage.get(row.key).catch((err: unknown) => {
    throw err instanceof MissingObject ? notFound('flow media') : err;
  });
  return { ...row, data };
}
