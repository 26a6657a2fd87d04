import type { AnyMessageContent } from '@whiskeysockets/baileys';
import type { OutboundMessage } from '../channel.js';

/**
 * What Baileys sends for an outbound message: text, or media with its caption. Audio and stickers
 * carry no caption on WhatsApp, so their body is not sent (the stored message keeps it). Ogg/Opus
 * audio goes as a voice note (ptt), as WhatsApp plays it; other audio as a file to play.
 */
export function outboundContent(msg: OutboundMessage): AnyMessageContent {
  const media = msg.media;
  if (!media) return { text: msg.body };
  // The inbox writes the file name as the body of a media message sent without text.
  const caption = msg.body.trim() && msg.body !== media.fileName ? msg.body : undefined;
  const withCaption = caption ? { caption } : {};
  switch (media.type) {
    case 'image':
      return { image: media.data, mimetype: media.mimetype, ...withCaption };
    case 'video':
      return { video: media.data, mimetype: media.mimetype, ...withCaption };
    case 'audio':
      return { audio: media.data, mimetype: media.mimetype, ptt: /ogg|opus/i.test(media.mimetype) };
    case 'sticker':
      return { sticker: media.data, mimetype: media.mimetype };
    default:
      return { document: media.data, mimetype: media.mimetype, fileName: media.fileName, ...withCaption };
  }
}
