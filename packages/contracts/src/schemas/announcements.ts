import { z } from 'zod';
import { editOf, numeric, pageQuery, text } from './common.js';

/**
 * Announcements: the platform's notices to every company's users (ARCHITECTURE.md,
 * "Announcements"). Super users write them; everyone reads the active ones.
 */

/** 1 high (red), 2 medium (orange), 3 low (grey). */
export const ANNOUNCEMENT_PRIORITIES = [1, 2, 3] as const;
export const ANNOUNCEMENT_MEDIA_FIELD = 'file';
/** The attachment: an image (png, jpg, jpeg). */
export const ANNOUNCEMENT_MEDIA_TYPES = ['image/png', 'image/jpeg'] as const;
export const ANNOUNCEMENT_MEDIA_MAX_BYTES = 2 * 1024 * 1024;

export const announcementBody = z.object({
  title: text().trim().min(1, 'required').max(200, 'tooLong'),
  text: text().trim().min(1, 'required').max(4096, 'tooLong'),
  priority: numeric(z.number().int().min(1).max(3)).optional().default(3),
  status: z.boolean().optional().default(true),
});
export type AnnouncementBody = z.infer<typeof announcementBody>;

export const announcementUpdateBody = editOf(announcementBody);
export type AnnouncementUpdateBody = z.infer<typeof announcementUpdateBody>;

/** `GET /announcements`: super users all, others the active ones; by priority, then newest. */
export const announcementsQuery = pageQuery;

export interface Announcement {
  id: number;
  title: string;
  text: string;
  priority: number;
  status: boolean;
  /** Storage key of the attachment, or null; served by `GET /announcements/{id}/media`. */
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface AnnouncementPage {
  records: Announcement[];
  count: number;
  hasMore: boolean;
}
