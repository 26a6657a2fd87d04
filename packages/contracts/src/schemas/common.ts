import { z } from 'zod';

/** Messages are i18n keys the web translates; the server sends them as they are. */
export const name2to50 = z.string().trim().min(2, 'tooShort').max(50, 'tooLong');
export const email = z.string().trim().toLowerCase().email('invalidEmail').max(254, 'tooLong');
export const password5to50 = z.string().min(5, 'tooShort').max(50, 'tooLong');
export const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'invalidTime');
export const id = z.coerce.number().int().positive();

export const idParams = z.object({ id });
export type IdParams = z.infer<typeof idParams>;

/** `?searchParam=&pageNumber=` of every paged list; pages start at 1. */
export const pageQuery = z.object({
  searchParam: z.string().trim().max(200).optional().default(''),
  pageNumber: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});
export type PageQuery = z.infer<typeof pageQuery>;
