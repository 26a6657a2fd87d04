import { proto } from '@whiskeysockets/baileys';
import type { MediaType } from '../channel.js';

type Content = proto.IMessage;

/** What a message's content is, before anyone asks who sent it. */
export type Described =
  | {
      kind: 'message';
      type: MediaType;
      body: string;
      /** Present when the bytes can be downloaded (image, audio, video, document, sticker). */
      media?: { mimetype: string; fileName?: string };
      quotedExternalId?: string;
    }
  | { kind: 'edit'; targetId: string; body: string }
  | { kind: 'delete'; targetId: string }
  | { kind: 'reaction'; targetId: string; emoji: string }
  | { kind: 'ignore'; reason: string };

/**
 * Peels the wrappers WhatsApp puts around a message: disappearing (ephemeral), view-once (all
 * three versions), a document with a caption, an edit's envelope. Bounded, as a wrapper can wrap
 * a wrapper.
 */
export function unwrap(content: Content | null | undefined): Content | undefined {
  let current = content ?? undefined;
  for (let i = 0; i < 6 && current; i++) {
    const inner =
      current.ephemeralMessage ??
      current.viewOnceMessage ??
      current.viewOnceMessageV2 ??
      current.viewOnceMessageV2Extension ??
      current.documentWithCaptionMessage ??
      current.editedMessage;
    if (!inner) break;
    current = inner.message ?? undefined;
  }
  return current;
}

/** The text a person reads in a content: the text itself or a caption. */
export function textOf(content: Content | null | undefined): string {
  const c = unwrap(content);
  if (!c) return '';
  return (
    c.conversation ??
    c.extendedTextMessage?.text ??
    c.imageMessage?.caption ??
    c.videoMessage?.caption ??
    c.documentMessage?.caption ??
    c.buttonsResponseMessage?.selectedDisplayText ??
    c.templateButtonReplyMessage?.selectedDisplayText ??
    c.listResponseMessage?.title ??
    c.interactiveResponseMessage?.body?.text ??
    ''
  );
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** Coordinates as a maps link (first line), then the place's name and address when given. */
export function locationBody(lat: number, lng: number, ...lines: (string | null | undefined)[]): string {
  const link = `https://maps.google.com/maps?q=${lat}%2C${lng}&z=17`;
  return [link, ...lines.map((l) => l?.trim()).filter(Boolean)].join('\n');
}

export function callBody(isVideo: boolean, outcome: 'missed' | 'received' | 'rejected' | 'other'): string {
  const kind = isVideo ? 'Chamada de vídeo' : 'Chamada de voz';
  const how = { missed: ' perdida', received: ' recebida', rejected: ' recusada', other: '' }[outcome];
  return `${kind}${how}`;
}

const CALL_OUTCOME: Partial<Record<number, 'missed' | 'rejected' | 'received'>> = {
  [proto.Message.CallLogMessage.CallOutcome.MISSED]: 'missed',
  [proto.Message.CallLogMessage.CallOutcome.SILENCED_BY_DND]: 'missed',
  [proto.Message.CallLogMessage.CallOutcome.SILENCED_UNKNOWN_CALLER]: 'missed',
  [proto.Message.CallLogMessage.CallOutcome.REJECTED]: 'rejected',
  [proto.Message.CallLogMessage.CallOutcome.CONNECTED]: 'received',
};

const STUB = proto.WebMessageInfo.StubType;
/** Missed calls that the phone records as stub messages (no content, a stub type). */
const MISSED_CALL_STUBS = new Map<number, boolean>([
  [STUB.CALL_MISSED_VOICE, false],
  [STUB.CALL_MISSED_VIDEO, true],
  [STUB.CALL_MISSED_GROUP_VOICE, false],
  [STUB.CALL_MISSED_GROUP_VIDEO, true],
]);

/** The message kinds the product shows, and the updates (edit, delete, reaction) it applies. */
export function describe(content: Content | null | undefined, stubType?: number | null): Described {
  if (stubType !== null && stubType !== undefined && MISSED_CALL_STUBS.has(stubType)) {
    return { kind: 'message', type: 'call_log', body: callBody(MISSED_CALL_STUBS.get(stubType)!, 'missed') };
  }
  const c = unwrap(content);
  if (!c) return { kind: 'ignore', reason: stubType ? `stub ${stubType}` : 'no content' };
  if (c.groupStatusMessage || c.groupStatusMessageV2) return { kind: 'ignore', reason: 'status' };

  const protocol = c.protocolMessage;
  if (protocol) {
    const targetId = protocol.key?.id;
    const T = proto.Message.ProtocolMessage.Type;
    if (protocol.type === T.REVOKE && targetId) return { kind: 'delete', targetId };
    if (protocol.type === T.MESSAGE_EDIT && targetId) {
      return { kind: 'edit', targetId, body: textOf(protocol.editedMessage) };
    }
    return { kind: 'ignore', reason: `protocol ${protocol.type}` };
  }
  if (c.reactionMessage) {
    const targetId = c.reactionMessage.key?.id;
    const emoji = c.reactionMessage.text ?? '';
    // An empty reaction takes one back; the inbox keeps reactions as a list and has no removal yet.
    if (!targetId || !emoji) return { kind: 'ignore', reason: 'reaction removed' };
    return { kind: 'reaction', targetId, emoji };
  }

  const found = kindOf(c);
  if (!found) return { kind: 'ignore', reason: `unsupported ${Object.keys(c).join(',')}` };
  const quotedExternalId = contextOf(c)?.stanzaId ?? undefined;
  return { kind: 'message', ...found, ...(quotedExternalId ? { quotedExternalId } : {}) };
}

type Kind = { type: MediaType; body: string; media?: { mimetype: string; fileName?: string } };

function kindOf(c: Content): Kind | undefined {
  if (c.imageMessage) {
    return {
      type: 'image',
      body: str(c.imageMessage.caption),
      media: { mimetype: c.imageMessage.mimetype || 'image/jpeg' },
    };
  }
  if (c.videoMessage || c.ptvMessage) {
    const v = (c.videoMessage ?? c.ptvMessage)!;
    return { type: 'video', body: str(v.caption), media: { mimetype: v.mimetype || 'video/mp4' } };
  }
  if (c.audioMessage) {
    return { type: 'audio', body: '', media: { mimetype: c.audioMessage.mimetype || 'audio/ogg; codecs=opus' } };
  }
  if (c.documentMessage) {
    const d = c.documentMessage;
    const fileName = str(d.fileName) || undefined;
    return {
      type: 'document',
      body: str(d.caption) || fileName || '',
      media: { mimetype: d.mimetype || 'application/octet-stream', ...(fileName ? { fileName } : {}) },
    };
  }
  if (c.stickerMessage) {
    return { type: 'sticker', body: '', media: { mimetype: c.stickerMessage.mimetype || 'image/webp' } };
  }
  if (c.locationMessage) {
    const l = c.locationMessage;
    return { type: 'location', body: locationBody(l.degreesLatitude ?? 0, l.degreesLongitude ?? 0, l.name, l.address) };
  }
  if (c.liveLocationMessage) {
    const l = c.liveLocationMessage;
    return { type: 'location', body: locationBody(l.degreesLatitude ?? 0, l.degreesLongitude ?? 0, l.caption) };
  }
  if (c.contactMessage) return { type: 'vcard', body: str(c.contactMessage.vcard) };
  if (c.contactsArrayMessage) {
    const cards = (c.contactsArrayMessage.contacts ?? []).map((x) => str(x.vcard)).filter(Boolean);
    return { type: 'vcard', body: cards.join('\n') };
  }
  if (c.callLogMesssage) {
    const outcome = CALL_OUTCOME[c.callLogMesssage.callOutcome ?? -1] ?? 'other';
    return { type: 'call_log', body: callBody(Boolean(c.callLogMesssage.isVideo), outcome) };
  }
  const poll = c.pollCreationMessage ?? c.pollCreationMessageV2 ?? c.pollCreationMessageV3;
  if (poll) {
    const options = (poll.options ?? []).map((o) => `- ${str(o.optionName)}`);
    return { type: 'chat', body: [str(poll.name), ...options].join('\n') };
  }
  const text = textOf(c);
  if (text || typeof c.conversation === 'string' || c.extendedTextMessage) return { type: 'chat', body: text };
  return undefined;
}

/** The context (quote, mentions) of whichever content carries one. */
function contextOf(c: Content): proto.IContextInfo | undefined {
  for (const value of Object.values(c)) {
    if (value && typeof value === 'object' && 'contextInfo' in value) {
      const ctx = (value as { contextInfo?: proto.IContextInfo | null }).contextInfo;
      if (ctx) return ctx;
    }
  }
  return undefined;
}
