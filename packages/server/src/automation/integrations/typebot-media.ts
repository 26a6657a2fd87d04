import type { Deps } from '../../platform/context.js';
import type { IntegrationSend } from '../../db/schema/index.js';
import { extensionFor, sanitizeFileName } from '../../platform/storage.js';
import type { TypebotItem } from './typebot-replies.js';

/** WhatsApp's limit for an image. */
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const TIMEOUT_MS = 10_000;

/**
 * Typebot's bubbles as replies: an image bubble is fetched (outside any transaction) and stored,
 * then sent as an image message like any other (the outbox uploads it to the provider); one that
 * cannot be fetched, is not an image or is too large goes as its URL instead. Answers the
 * replies and the storage keys written (removed by the caller if the replies are dropped).
 */
export async function repliesWithMedia(
  deps: Deps,
  companyId: number,
  items: TypebotItem[],
): Promise<{ sends: IntegrationSend[]; files: string[] }> {
  const files: string[] = [];
  const sends: IntegrationSend[] = [];
  for (const item of items) {
    if (item.kind === 'text') {
      sends.push(item);
      continue;
    }
    const image = await fetchImage(item.url).catch((err: unknown) => {
      deps.log.info({ err, url: item.url }, 'typebot image not fetched; sent as a link');
      return undefined;
    });
    if (!image) {
      sends.push({ kind: 'text', body: item.url });
      continue;
    }
    const key = await deps.storage.put(companyId, image.data, extensionFor(image.mimetype));
    files.push(key);
    const name = sanitizeFileName(decodeURIComponent(new URL(item.url).pathname.split('/').pop() ?? ''), 'imagem');
    sends.push({ kind: 'image', key, name, mimetype: image.mimetype });
  }
  return { sends, files };
}

async function fetchImage(url: string): Promise<{ data: Buffer; mimetype: string } | undefined> {
  if (!/^https?:\/\//i.test(url)) return undefined;
  const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'follow' });
  const mimetype = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const length = Number(res.headers.get('content-length') ?? 0);
  if (!res.ok || !mimetype.startsWith('image/') || length > MAX_IMAGE_BYTES) {
    await res.body?.cancel();
    return undefined;
  }
  const data = Buffer.from(await res.arrayBuffer());
  return data.length > 0 && data.length <= MAX_IMAGE_BYTES ? { data, mimetype } : undefined;
}
