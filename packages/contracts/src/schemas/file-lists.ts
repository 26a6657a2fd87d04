import { z } from 'zod';
import { editOf, pageQuery, ref, text } from './common.js';
import { MESSAGE_MAX_LENGTH } from './messages.js';

/**
 * File lists (the spec's "files"): a named message with options, each option a name and an
 * optional file. Campaigns send the list's files after their text (and flows will use them).
 */

/** `POST /files/uploadList/{id}`: multipart field `files` (one or more), each for the option named in `fileId`. */
export const FILE_LIST_FILES_FIELD = 'files';
export const FILE_LIST_MAX_OPTIONS = 50;

/**
 * What an option's file may be, with the spec's upload limits: images 2 MB (png, jpg, jpeg), audio
 * 5 MB (ogg, mp3, opus), video 20 MB (mp4 only). PDF documents (catalogues, bills) up to 20 MB too:
 * the campaigns these lists feed send them more than anything.
 */
export const FILE_LIST_MEDIA_LIMITS = [
  { kind: 'image', types: ['image/png', 'image/jpeg'], maxBytes: 2 * 1024 * 1024 },
  { kind: 'audio', types: ['audio/ogg', 'audio/mpeg', 'audio/opus'], maxBytes: 5 * 1024 * 1024 },
  { kind: 'video', types: ['video/mp4'], maxBytes: 20 * 1024 * 1024 },
  { kind: 'document', types: ['application/pdf'], maxBytes: 20 * 1024 * 1024 },
] as const;

/**
 * One option of a list. `id` names an existing option of this list (kept, renamed); an option
 * without `id` is new; options left out of a `PUT` are removed with their files. `path` is the
 * storage key the server gave (sent back unchanged, or null to drop the file); files arrive only
 * through the upload route.
 */
export const fileListOptionBody = z.object({
  id: ref('fileListOptions').optional(),
  name: text().trim().min(1, 'required').max(100, 'tooLong'),
  path: text().max(300, 'tooLong').nullable().optional(),
  mediaType: text().max(100, 'tooLong').nullable().optional(),
});
export type FileListOptionBody = z.infer<typeof fileListOptionBody>;

/** `POST /files`: name 3+ characters, a message, the options (the spec's `userId` is the caller). */
export const fileListBody = z.object({
  name: text().trim().min(3, 'tooShort').max(100, 'tooLong'),
  message: text().trim().min(1, 'required').max(MESSAGE_MAX_LENGTH, 'tooLong'),
  options: z.array(fileListOptionBody).max(FILE_LIST_MAX_OPTIONS, 'tooMany').optional().default([]),
});
export type FileListBody = z.infer<typeof fileListBody>;
/** `PUT /files/{id}`: the fields given change; `options`, when given, is the whole new list. */
export const fileListUpdateBody = editOf(fileListBody);
export type FileListUpdateBody = z.infer<typeof fileListUpdateBody>;

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
