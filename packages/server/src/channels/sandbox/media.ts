import { SANDBOX_MEDIA, type SandboxMediaType } from '@balcao/contracts';
import { AppError, invalid } from '../../platform/errors.js';
import { sanitizeFileName } from '../../platform/storage.js';
import type { MediaType } from '../channel.js';

export interface DecodedMedia {
  data: Buffer;
  mimetype: SandboxMediaType;
  fileName: string;
  type: MediaType;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The first bytes each accepted type starts with: a file is what it says it is. */
const MAGIC: Record<SandboxMediaType, (b: Buffer) => boolean> = {
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/webp': (b) => b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP',
  'audio/ogg': (b) => b.toString('latin1', 0, 4) === 'OggS',
  'audio/mpeg': (b) => b.toString('latin1', 0, 3) === 'ID3' || (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0),
  'audio/mp4': (b) => b.toString('latin1', 4, 8) === 'ftyp',
  'video/mp4': (b) => b.toString('latin1', 4, 8) === 'ftyp',
  'application/pdf': (b) => b.toString('latin1', 0, 5) === '%PDF-',
};

const isSandboxType = (m: string): m is SandboxMediaType => Object.hasOwn(SANDBOX_MEDIA, m);

/**
 * A simulated customer's file: an accepted type, within WhatsApp's size for its kind, whose
 * bytes match the declared type; the file name is only kept as sanitised metadata.
 */
export function decodeMedia(media: { data: string; mimetype: string; fileName?: string }): DecodedMedia {
  const mimetype = media.mimetype.split(';')[0]!.trim();
  if (!isSandboxType(mimetype))
    throw invalid({ 'media.mimetype': 'unsupportedType' }, 'This file type is not accepted');
  const spec = SANDBOX_MEDIA[mimetype];
  if (!BASE64.test(media.data) || media.data.length % 4 !== 0) {
    throw invalid({ 'media.data': 'invalidBase64' }, 'The file must be base64');
  }
  const data = Buffer.from(media.data, 'base64');
  if (data.length > spec.maxBytes) {
    throw new AppError('ERR_PAYLOAD_TOO_LARGE', `A ${spec.type} may have at most ${spec.maxBytes / 1024 / 1024} MB`, {
      extra: { maxBytes: spec.maxBytes },
    });
  }
  if (data.length === 0 || !MAGIC[mimetype](data)) {
    throw invalid({ 'media.data': 'typeMismatch' }, 'The file is not of the declared type');
  }
  return {
    data,
    mimetype,
    fileName: sanitizeFileName(media.fileName, `file.${mimetype.split('/')[1]}`),
    type: spec.type,
  };
}
