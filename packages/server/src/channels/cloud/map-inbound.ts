import type { AckUpdate, InboundMedia, InboundMessage, MediaType, MessageUpdate } from '../channel.js';
import { toVCard } from './vcard.js';
import type { WebhookMessage, WebhookStatus } from './webhook-payload.js';

/** How a media id of the delivery becomes bytes (the Graph API: id → url → download). */
export type MediaFetcher = (mediaId: string, mimetype: string, fileName?: string) => InboundMedia;

export type MappedMessage =
  | { kind: 'message'; message: InboundMessage }
  | { kind: 'reaction'; update: Extract<MessageUpdate, { kind: 'reaction' }> };

type MediaKind = 'image' | 'audio' | 'video' | 'document' | 'sticker';
const DEFAULT_MIME: Record<MediaKind, string> = {
  image: 'image/jpeg',
  audio: 'audio/ogg',
  video: 'video/mp4',
  document: 'application/octet-stream',
  sticker: 'image/webp',
};

export const digits = (v: string) => v.replace(/\D/g, '');

/** Unix seconds (string or number) → Date; now when absent or odd. */
export function timestampOf(ts: string | number | undefined): Date {
  const n = Number(ts);
  return Number.isFinite(n) && n > 0 ? new Date(n * 1000) : new Date();
}

/**
 * One message of a Cloud API delivery as Balcão stores it. `names` maps wa_id → the profile
 * name of the delivery's `contacts` (the customer's push name).
 */
export function mapMessage(
  m: WebhookMessage,
  names: ReadonlyMap<string, string>,
  fetchMedia: MediaFetcher,
): MappedMessage {
  const number = digits(m.from);
  if (m.type === 'reaction' && m.reaction) {
    return {
      kind: 'reaction',
      update: { kind: 'reaction', externalId: m.reaction.message_id, emoji: m.reaction.emoji ?? '', from: number },
    };
  }
  const base = {
    externalId: m.id,
    chatId: number,
    isGroup: false,
    fromMe: false,
    contact: { number, name: names.get(m.from) ?? names.get(number) },
    timestamp: timestampOf(m.timestamp),
    quotedExternalId: m.context?.id,
  };
  const content = contentOf(m, fetchMedia);
  return { kind: 'message', message: { ...base, ...content } };
}

function contentOf(
  m: WebhookMessage,
  fetchMedia: MediaFetcher,
): { type: MediaType; body: string; media?: InboundMedia } {
  switch (m.type) {
    case 'text':
      if (m.text) return { type: 'chat', body: m.text.body };
      break;
    case 'image':
    case 'audio':
    case 'video':
    case 'document':
    case 'sticker': {
      const media = m[m.type];
      if (!media) break;
      const mimetype = media.mime_type ?? DEFAULT_MIME[m.type];
      const body = m.type === 'document' ? (media.caption ?? media.filename ?? '') : (media.caption ?? '');
      return { type: m.type, body, media: fetchMedia(media.id, mimetype, media.filename) };
    }
    case 'location':
      if (m.location) return { type: 'location', body: locationBody(m.location) };
      break;
    case 'contacts':
      if (m.contacts?.length) return { type: 'vcard', body: m.contacts.map(toVCard).join('\n') };
      break;
    case 'interactive': {
      const i = m.interactive;
      const text = i?.button_reply?.title ?? i?.list_reply?.title ?? i?.nfm_reply?.body ?? i?.nfm_reply?.response_json;
      if (text !== undefined) return { type: 'chat', body: text };
      break;
    }
    case 'button':
      if (m.button) return { type: 'chat', body: m.button.text };
      break;
  }
  return { type: 'chat', body: unsupportedBody(m) };
}

/** Name and address (when shared) and a map link, one per line. */
export function locationBody(l: NonNullable<WebhookMessage['location']>): string {
  const link = `https://maps.google.com/maps?q=${l.latitude},${l.longitude}&z=17`;
  return [l.name, l.address, link].filter((v) => v && v.trim()).join('\n');
}

/** What the staff reads for a message Balcão cannot show (order, system notice, unknown…). */
function unsupportedBody(m: WebhookMessage): string {
  if (m.type === 'system' && m.system?.body) return m.system.body;
  const why = m.errors?.[0]?.error_data?.details ?? m.errors?.[0]?.title ?? m.errors?.[0]?.message;
  return `[${m.type || 'unknown'} message not supported${why ? `: ${why}` : ''}]`;
}

/**
 * Cloud API statuses → acks: sent 1, delivered 3, read 4; failed keeps the ack and carries the
 * error. The send's `biz_opaque_callback_data` rides along as `ref`.
 */
export function mapStatus(s: WebhookStatus): AckUpdate | undefined {
  const ref = s.biz_opaque_callback_data ? { ref: s.biz_opaque_callback_data } : {};
  switch (s.status) {
    case 'sent':
      return { externalId: s.id, ack: 1, ...ref };
    case 'delivered':
      return { externalId: s.id, ack: 3, ...ref };
    case 'read':
      return { externalId: s.id, ack: 4, ...ref };
    case 'played':
      return { externalId: s.id, ack: 5, ...ref };
    case 'failed': {
      const e = s.errors?.[0];
      const text = [e?.code, e?.title ?? e?.message, e?.error_data?.details]
        .filter((v) => v !== undefined && v !== '')
        .join(' ');
      return { externalId: s.id, ack: 0, error: text || 'failed', ...ref };
    }
    default:
      return undefined;
  }
}
