import { z } from 'zod';
import { editOf, pageQuery, ref, text } from './common.js';
import { MESSAGE_MAX_LENGTH } from './messages.js';

/** Characters of a quick answer's shortcode; the composer's `/` menu cuts labels at 35. */
export const SHORTCODE_MAX_LENGTH = 50;
export const QUICK_ANSWER_LABEL_LENGTH = 35;

/**
 * `POST /quick-messages`. The shortcode is unique per user (a duplicate answers 400
 * ERR_VALIDATION naming `shortcode`); `geral` shares the answer with the whole company.
 */
export const quickMessageBody = z.object({
  shortcode: text().trim().min(1, 'required').max(SHORTCODE_MAX_LENGTH, 'tooLong'),
  message: text().max(MESSAGE_MAX_LENGTH, 'tooLong').default(''),
  geral: z.boolean().default(false),
  status: z.boolean().default(true),
});
export type QuickMessageBody = z.infer<typeof quickMessageBody>;
export const quickMessageUpdateBody = editOf(quickMessageBody);
export type QuickMessageUpdateBody = z.infer<typeof quickMessageUpdateBody>;

/**
 * `userId`: whose answers (plus the company-wide ones) to list; the caller's by default. Naming
 * another user needs `quick-messages:manageAll`.
 */
export const quickMessageListQuery = pageQuery.extend({ userId: ref('users').optional() });
export type QuickMessageListQuery = z.infer<typeof quickMessageListQuery>;
export const quickMessageAllQuery = z.object({ userId: ref('users').optional() });

/** Fields of `POST /quick-messages/{id}/media-upload` besides the file (`typeArch` is accepted, unused). */
export const QUICK_MESSAGE_FILE_FIELD = 'file';

export interface QuickMessage {
  id: number;
  shortcode: string;
  message: string;
  userId: number | null;
  geral: boolean;
  status: boolean;
  /** Storage key of the attachment, or null. */
  mediaPath: string | null;
  /** The attachment's file name (sanitised, spaces as underscores), or null. */
  mediaName: string | null;
  isMedia: boolean;
  /** Where the web fetches the attachment (with its access token), or null. */
  mediaUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

/** `GET /quick-messages` (20 a page, by shortcode): the owner's answers and the shared ones. */
export interface QuickMessagePage {
  records: QuickMessage[];
  hasMore: boolean;
}
