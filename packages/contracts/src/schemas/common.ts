import { z } from 'zod';

/** Messages are i18n keys the web translates; the server sends them as they are. */

/** Stored text: any string but one holding NUL, which PostgreSQL cannot store. */
export const text = () => z.string().regex(/^[^\0]*$/, 'invalidCharacter');

export const name2to50 = text().trim().min(2, 'tooShort').max(50, 'tooLong');
export const email = z.string().trim().toLowerCase().email('invalidEmail').max(254, 'tooLong');
export const password5to50 = z.string().min(5, 'tooShort').max(50, 'tooLong');
export const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'invalidTime');
/**
 * A number sent as a JSON number or as text (path, query, a form's text field). Unlike
 * `z.coerce.number()`, blank text, null and booleans are refused rather than read as 0 or 1.
 */
export const numeric = <T extends z.ZodNumber>(inner: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), inner);
/** A row id: a positive PostgreSQL integer (a larger number is refused, not a 500). */
export const id = numeric(z.number().int().positive().max(2_147_483_647));

export const idParams = z.object({ id });
export type IdParams = z.infer<typeof idParams>;

/** `?searchParam=&pageNumber=` of every paged list; pages start at 1. */
export const pageQuery = z.object({
  searchParam: text().trim().max(200).optional().default(''),
  pageNumber: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});
export type PageQuery = z.infer<typeof pageQuery>;

/**
 * The body of an edit: every field optional and *without* its create-time default. (zod 4's
 * `.partial()` keeps `.default()`s, so an edit naming one field would reset all the others.)
 */
export function editOf<S extends z.ZodRawShape>(schema: z.ZodObject<S>) {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => {
      const bare = field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : (field as z.ZodType);
      return [key, bare.optional()];
    }),
  );
  return z.object(shape) as unknown as z.ZodObject<{ [K in keyof S]: z.ZodOptional<S[K]> }>;
}
