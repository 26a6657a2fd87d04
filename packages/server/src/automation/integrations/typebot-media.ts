import type { Deps } from '../../platform/context.js';
import type { IntegrationSend } from '../../db/schema/index.js';
import { extensionFor, sanitizeFileName } from '../../platform/storage.js';
import { outboundClient } from '../../platform/outbound/client.js';
import type { OutboundAllowance } from '../../platform/outbound/policy.js';
import type { TypebotItem } from './typebot-replies.js';

/** WhatsApp's limit for an image. */
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;

/**
 * Typebot's bubbles as replies: an image bubble is fetched (outside any transaction) and stored,
 * then sent as an image message like any other (the outbox uploads it to the provider); one that
 * cannot be fetched (an internal address among them: the outbound policy), is not an image or is
 * too large goes as its URL instead. The size is counted while the image streams: the download
 * stops as soon as it passes WhatsApp's limit, content-length or not. Answers the
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
    const image = await fetchImage(deps.config.OUTBOUND_ALLOWED_HOSTS, item.url).catch((err: unknown) => {
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

async function fetchImage(
  allowance: OutboundAllowance,
  url: string,
): Promise<{ data: Buffer; mimetype: string } | undefined> {
  if (!/^https?:\/\//i.test(url)) return undefined;
  const mimetypeOf = (type: string | undefined) => (type ?? '').split(';')[0]!.trim().toLowerCase();
  const res = await outboundClient(allowance).request(url, {
    timeoutMs: TIMEOUT_MS,
    maxBytes: MAX_IMAGE_BYTES,
    maxRedirects: MAX_REDIRECTS,
    wantBody: (status, headers) =>
      status >= 200 && status < 300 && mimetypeOf(headers['content-type']).startsWith('image/'),
  });
  const mimetype = mimetypeOf(res.headers['content-type']);
  return res.ok && res.body.length > 0 && mimetype.startsWith('image/') ? { data: res.body, mimetype } : undefined;
}
