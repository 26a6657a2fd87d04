import type { ExternalApiMediaType } from '@balcao/contracts';
import type { MediaType } from '@balcao/contracts';

/**
 * What each accepted file type becomes on WhatsApp, the extension it is stored under (chosen
 * here, never taken from the caller's file name), and the first bytes a real file of that type
 * starts with: a declared type the content does not match is refused.
 */
interface MediaKind {
  type: MediaType;
  ext: string;
  looksRight(data: Buffer): boolean;
}

const bytes =
  (...expected: number[]) =>
  (b: Buffer) =>
    b.length >= expected.length && expected.every((x, i) => b[i] === x);
const ascii =
  (s: string, at = 0) =>
  (b: Buffer) =>
    b.subarray(at, at + s.length).toString('latin1') === s;
const zip = bytes(0x50, 0x4b, 0x03, 0x04); // docx, xlsx, pptx
const ole = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1); // doc, xls, ppt
const isoMedia = ascii('ftyp', 4); // mp4, m4a, 3gp
const plainText = (b: Buffer) => !b.includes(0);

export const MEDIA_KINDS: Record<ExternalApiMediaType, MediaKind> = {
  'image/jpeg': { type: 'image', ext: 'jpg', looksRight: bytes(0xff, 0xd8, 0xff) },
  'image/png': { type: 'image', ext: 'png', looksRight: bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) },
  'image/webp': { type: 'image', ext: 'webp', looksRight: (b) => ascii('RIFF')(b) && ascii('WEBP', 8)(b) },
  'image/gif': { type: 'image', ext: 'gif', looksRight: ascii('GIF8') },
  'audio/ogg': { type: 'audio', ext: 'ogg', looksRight: ascii('OggS') },
  'audio/mpeg': {
    type: 'audio',
    ext: 'mp3',
    looksRight: (b) => ascii('ID3')(b) || (b[0] === 0xff && (b[1]! & 0xe0) === 0xe0),
  },
  'audio/mp4': { type: 'audio', ext: 'm4a', looksRight: isoMedia },
  'audio/aac': {
    type: 'audio',
    ext: 'aac',
    looksRight: (b) => ascii('ADIF')(b) || (b[0] === 0xff && (b[1]! & 0xf6) === 0xf0),
  },
  'audio/amr': { type: 'audio', ext: 'amr', looksRight: ascii('#!AMR') },
  'video/mp4': { type: 'video', ext: 'mp4', looksRight: isoMedia },
  'video/3gpp': { type: 'video', ext: '3gp', looksRight: isoMedia },
  'application/pdf': { type: 'document', ext: 'pdf', looksRight: ascii('%PDF-') },
  'application/msword': { type: 'document', ext: 'doc', looksRight: ole },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    type: 'document',
    ext: 'docx',
    looksRight: zip,
  },
  'application/vnd.ms-excel': { type: 'document', ext: 'xls', looksRight: ole },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
    type: 'document',
    ext: 'xlsx',
    looksRight: zip,
  },
  'application/vnd.ms-powerpoint': { type: 'document', ext: 'ppt', looksRight: ole },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': {
    type: 'document',
    ext: 'pptx',
    looksRight: zip,
  },
  'text/plain': { type: 'document', ext: 'txt', looksRight: plainText },
  'text/csv': { type: 'document', ext: 'csv', looksRight: plainText },
};

/** Looked up by the caller's content type: a Map, so `__proto__` or `constructor` find nothing. */
const KIND_OF_TYPE = new Map<string, MediaKind>(Object.entries(MEDIA_KINDS));

/**
 * Names browsers and libraries give a type that are not its registered one, read as that one:
 * the spec's web client records voice notes as `audio/mp3` (its MP3 recorder's blob type).
 */
const TYPE_ALIASES = new Map<string, ExternalApiMediaType>([['audio/mp3', 'audio/mpeg']]);

/** The kind of a declared content type (parameters and case ignored, aliases read), when it is accepted. */
export function mediaKindOf(mimetype: string): { mimetype: ExternalApiMediaType; kind: MediaKind } | undefined {
  const declared = mimetype.split(';')[0]!.trim().toLowerCase();
  const base = TYPE_ALIASES.get(declared) ?? declared;
  const kind = KIND_OF_TYPE.get(base);
  return kind && { mimetype: base as ExternalApiMediaType, kind };
}
