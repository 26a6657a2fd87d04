import { z } from 'zod';
import { editOf, pageQuery, ref, text } from './common.js';
import { MESSAGE_MAX_LENGTH } from './messages.js';

/**
 * File lists (the spec's "files"): a named message with options, each option a name and an
 * optional file. Campaigns send the list's files after their text (and flows will use them).
 */

/**
 * `POST /files/uploadList/{id}`: multipart field `files` (one or more); the n-th file goes to the
 * option named by the n-th `id` field, or, when the form has no `id`, the n-th `fileId` field (the
 * spec's web sends `fileId` once, naming the list, and `id` per file). `name`, `mediaType` and
 * `typeArch` are accepted and unused: the file's own content type, checked against its bytes, decides.
 */
export const FILE_LIST_FILES_FIELD = 'files';
export const FILE_LIST_OPTION_ID_FIELDS = ['id', 'fileId'] as const;
export const FILE_LIST_MAX_OPTIONS = 50;

/**
 * What an option's file may be, with the spec's upload limits: images 2 MB (png, jpg, jpeg), audio
 * 5 MB (ogg, mp3; an .opus file is Opus in an Ogg container, sent as audio/ogg), video 20 MB (mp4
 * only). PDF documents (catalogues, bills) up to 20 MB too: the campaigns these lists feed send
 * them more than anything.
 */
export const FILE_LIST_MEDIA_LIMITS = [
  { kind: 'image', types: ['image/png', 'image/jpeg'], maxBytes: 2 * 1024 * 1024 },
  { kind: 'audio', types: ['audio/ogg', 'audio/mpeg'], maxBytes: 5 * 1024 * 1024 },
  { kind: 'video', types: ['video/mp4'], maxBytes: 20 * 1024 * 1024 },
  { kind: 'document', types: ['application/pdf'], maxBytes: 20 * 1024 * 1024 },
] as const;
export type FileListMediaType = (typeof FILE_LIST_MEDIA_LIMITS)[number]['types'][number];

/** The limit a content type falls under (parameters and case ignored), or undefined when refused. */
export function fileListMediaLimit(mimetype: string): (typeof FILE_LIST_MEDIA_LIMITS)[number] | undefined {
  const base = mimetype.split(';')[0]!.trim().toLowerCase();
  return FILE_LIST_MEDIA_LIMITS.find((limit) => (limit.types as readonly string[]).includes(base));
}

/**
 * One option of a list. `id` names an existing option of this list (kept, renamed); an option
 * without `id` is new; options left out of a `PUT` are removed with their files. `path` is the
 * storage key the server gave: left out (or '') or sent back unchanged keeps the file, null drops
 * it, any other value is refused (400 naming it). `mediaType` is the server's (from the upload) and is
 * ignored here. Files arrive only through the upload route.
 */
export const fileListOptionBody = z.object({
  id: ref('fileListOptions').optional(),
  name: text().trim().min(1, 'required').max(100, 'tooLong'),
  // '' is the spec's modal's new option (no file yet): the same as leaving `path` out.
  path: z.preprocess((v) => (v === '' ? undefined : v), text().max(300, 'tooLong').nullable().optional()),
  mediaType: text().max(100, 'tooLong').nullable().optional(),
});
export type FileListOptionBody = z.infer<typeof fileListOptionBody>;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * A row the modal left as it opened it (`{name: '', path: '', mediaType: ''}`: the spec's modal
 * starts with one): no `id`, no name, no file. It is no option, so it is dropped, not refused. A
 * row with an `id` or a file keeps its checks (a blank name on it is still 400).
 */
export function isEmptyOptionRow(v: unknown): boolean {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const row = v as Record<string, unknown>;
  return blank(row.id) && blank(row.name) && blank(row.path);
}

const fileListOptions = z.preprocess(
  (v) => (Array.isArray(v) ? v.filter((row) => !isEmptyOptionRow(row)) : v),
  z.array(fileListOptionBody).max(FILE_LIST_MAX_OPTIONS, 'tooMany'),
);

/** `POST /files`: name 3+ characters, a message, the options (the spec's `userId` is the caller). */
export const fileListBody = z.object({
  name: text().trim().min(3, 'tooShort').max(100, 'tooLong'),
  message: text().trim().min(1, 'required').max(MESSAGE_MAX_LENGTH, 'tooLong'),
  options: fileListOptions.optional().default([]),
});
export type FileListBody = z.infer<typeof fileListBody>;
/** `PUT /files/{id}`: the fields given change; `options`, when given, is the whole new list. */
export const fileListUpdateBody = editOf(fileListBody);
export type FileListUpdateBody = z.infer<typeof fileListUpdateBody>;

/** `GET /files/{id}/options/{optionId}/media`: an option's file. */
export const fileListOptionParams = z.object({ id: ref('fileLists'), optionId: ref('fileListOptions') });

/** `GET /files`: lists whose name contains `searchParam`, by name, 20 a page. */
export const fileListsQuery = pageQuery;
export type FileListsQuery = z.infer<typeof fileListsQuery>;

export interface FileListOption {
  id: number;
  name: string;
  /** Storage key of the option's file, or null. */
  path: string | null;
  mediaType: string | null;
  /** The file's original name (sanitised), or null. */
  file: string | null;
  /** Where the web fetches the file (with its access token), or null. */
  mediaUrl: string | null;
}

export interface FileList {
  id: number;
  name: string;
  message: string;
  userId: number | null;
  options: FileListOption[];
  createdAt: string;
  updatedAt: string;
}

/** `GET /files` (20 a page, by name). */
export interface FileListPage {
  files: FileList[];
  count: number;
  hasMore: boolean;
}
