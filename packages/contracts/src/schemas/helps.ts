import { z } from 'zod';
import { editOf, text } from './common.js';

/** A YouTube address as people paste it: watch?v=, youtu.be/, embed/, shorts/, live/ (www., m. or not). */
const YOUTUBE_URL =
  /^(?:https?:\/\/)?(?:(?:www\.|m\.)?youtube(?:-nocookie)?\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/|live\/|v\/)|youtu\.be\/)([A-Za-z0-9_-]{6,20})(?:[?&#/].*)?$/i;

/** The video id of a pasted YouTube address; anything else as it came (the id rule then judges it). */
export function youtubeId(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const found = YOUTUBE_URL.exec(value.trim());
  return found ? found[1] : value;
}

export const helpBody = z.object({
  title: text().trim().min(1, 'required').max(200, 'tooLong'),
  /** The video code (a YouTube id; a pasted YouTube address is read down to it), never a URL to embed blindly. */
  video: z
    .preprocess(
      youtubeId,
      z
        .string()
        .trim()
        .max(64, 'tooLong')
        .regex(/^[A-Za-z0-9_-]*$/, 'invalidVideo'),
    )
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
