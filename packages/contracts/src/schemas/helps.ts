import { z } from 'zod';
import { editOf, text } from './common.js';

export const helpBody = z.object({
  title: text().trim().min(1, 'required').max(200, 'tooLong'),
  /** The video code (e.g. a YouTube id), not a URL to embed blindly. */
  video: z
    .string()
    .trim()
    .max(64, 'tooLong')
    .regex(/^[A-Za-z0-9_-]*$/, 'invalidVideo')
    .default(''),
  description: text().trim().max(2000, 'tooLong').default(''),
});
export type HelpBody = z.infer<typeof helpBody>;
export const helpUpdateBody = editOf(helpBody);
export type HelpUpdateBody = z.infer<typeof helpUpdateBody>;

/** A help video (`video` is the video's id). */
export interface Help {
  id: number;
  title: string;
  video: string;
  description: string;
  createdAt: string;
  updatedAt: string;
}

/** `GET /helps`: a page of help videos, by id. */
export interface HelpPage {
  helps: Help[];
  hasMore: boolean;
}
