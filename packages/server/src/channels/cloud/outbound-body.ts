import type { OutboundMessage } from '../channel.js';
import { digits } from './map-inbound.js';

/** Media kinds the Cloud API sends, and which of them carry a caption. */
const CLOUD_MEDIA = { image: true, video: true, document: true, audio: false, sticker: false } as const;
type CloudMedia = keyof typeof CLOUD_MEDIA;

/** How a stored media type leaves: the Cloud API has no location/vcard/call_log media, those go as documents. */
export function cloudMediaType(type: string, mimetype: string): CloudMedia {
  if (Object.hasOwn(CLOUD_MEDIA, type)) return type as CloudMedia;
  if (mimetype.startsWith('image/')) return 'image';
  if (mimetype.startsWith('video/')) return 'video';
  if (mimetype.startsWith('audio/')) return 'audio';
  return 'document';
}

/**
 * The body of `POST /{phone-number-id}/messages` as Meta documents it: text, or media by the id
 * of an upload (`POST /{phone-number-id}/media`), with caption / filename where the type takes
 * them, `context.message_id` for a reply, and `biz_opaque_callback_data` naming our message (Meta
 * echoes it in the statuses of the send, up to 512 characters).
 */
export function messageBody(msg: OutboundMessage, mediaId?: string): Record<string, unknown> {
  const body: Record<string, unknown> = {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: digits(msg.to),
  };
  if (msg.quoted?.externalId) body.context = { message_id: msg.quoted.externalId };
  if (msg.ref) body.biz_opaque_callback_data = msg.ref;
  if (msg.template) {
    const { name, language, components } = msg.template;
    body.type = 'template';
    body.template = { name, language: { code: language }, ...(components.length ? { components } : {}) };
    return body;
  }
  if (msg.media && mediaId) {
    const type = cloudMediaType(msg.media.type, msg.media.mimetype);
    const object: Record<string, unknown> = { id: mediaId };
    // A body that only repeats the file name is not a caption.
    if (CLOUD_MEDIA[type] && msg.body.trim() && msg.body !== msg.media.fileName) object.caption = msg.body;
    if (type === 'document') object.filename = msg.media.fileName;
    body.type = type;
    body[type] = object;
    return body;
  }
  body.type = 'text';
  body.text = { preview_url: /https?:\/\/\S/.test(msg.body), body: msg.body };
  return body;
}
