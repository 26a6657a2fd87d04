/** What the client checks of a picked file before it goes up (the server checks it again). */
import { fileListMediaLimit, FILE_LIST_MEDIA_LIMITS, type FileListMediaType } from '@balcao/contracts';

/** A file's type by its extension, for browsers that give none or another name (`.opus` is Ogg). */
const TYPE_OF_EXTENSION = new Map<string, FileListMediaType>([
  ['png', 'image/png'],
  ['jpg', 'image/jpeg'],
  ['jpeg', 'image/jpeg'],
  ['ogg', 'audio/ogg'],
  ['opus', 'audio/ogg'],
  ['mp3', 'audio/mpeg'],
  ['mp4', 'video/mp4'],
  ['pdf', 'application/pdf'],
]);

/** What the file input offers. */
export const ACCEPTED_FILES = [...TYPE_OF_EXTENSION.keys()].map((ext) => `.${ext}`).join(',');

/** The limits in megabytes, by kind, for the hint. */
export const LIMITS_MB = Object.fromEntries(FILE_LIST_MEDIA_LIMITS.map((l) => [l.kind, l.maxBytes / 1024 / 1024]));

export type PickedFile = { file: File } | { error: 'unsupportedType' } | { error: 'tooLarge'; maxMb: number };

/**
 * The file as it will be sent: its type one the lists take (by the browser's word, else by its
 * extension), within its kind's size; else why not.
 */
export function checkPickedFile(file: File): PickedFile {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  const type = fileListMediaLimit(file.type) ? file.type.split(';')[0]!.toLowerCase() : TYPE_OF_EXTENSION.get(ext);
  const limit = type && fileListMediaLimit(type);
  if (!type || !limit) return { error: 'unsupportedType' };
  if (file.size > limit.maxBytes) return { error: 'tooLarge', maxMb: limit.maxBytes / 1024 / 1024 };
  return { file: file.type === type ? file : new File([file], file.name, { type }) };
}
