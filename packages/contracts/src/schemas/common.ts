import { z } from 'zod';

/** Messages are i18n keys the web translates; the server sends them as they are. */

/**
 * Stored text: any string but one holding NUL or a lone UTF-16 surrogate (`"\ud800"` in JSON),
 * which PostgreSQL cannot store (text refuses NUL, jsonb both). With the `u` flag a surrogate pair
 * is one code point, so only unpaired halves match `\p{Cs}`.
 */
export const STORABLE_TEXT = /^[^\0\p{Cs}]*$/u;
export const text = () => z.string().regex(STORABLE_TEXT, 'invalidCharacter');

export const name2to50 = text().trim().min(2, 'tooShort').max(50, 'tooLong');
export const email = z.string().trim().toLowerCase().email('invalidEmail').max(254, 'tooLong');
export const password5to50 = z.string().min(5, 'tooShort').max(50, 'tooLong');
/**
 * The password rule of a person choosing their own (foundation §5's reset rule, also signup's):
 * 8+ characters with an uppercase letter, a lowercase letter and a digit.
 */
export const strongPassword = z
  .string()
  .min(8, 'passwordRule')
  .max(50, 'tooLong')
  .regex(/[A-Z]/, 'passwordRule')
  .regex(/[a-z]/, 'passwordRule')
  .regex(/\d/, 'passwordRule');
export const hhmm = z
  .string()
  .max(5)
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'invalidTime');

/** Numbers as text are read only in their one canonical form: no sign, spaces, hex, exponent or `.0`. */
const CANONICAL_INTEGER = /^-?(?:0|[1-9]\d{0,15})$/;
const CANONICAL_DECIMAL = /^-?(?:0|[1-9]\d{0,15})(?:\.\d{1,15})?$/;

/**
 * A number sent as a JSON number or as text (path, query, a form's text field). Text is read
 * only when written canonically (`9`, not ` 9`, `+9`, `0x9`, `9.0` or `9e0`, which would all
 * name row 9 to `Number()`); anything else, blank text, null and booleans are refused.
 */
export const numeric = <T extends z.ZodNumber>(inner: T) => {
  const canonical = inner.isInt ? CANONICAL_INTEGER : CANONICAL_DECIMAL;
  return z.preprocess((v) => (typeof v === 'string' && canonical.test(v) ? Number(v) : v), inner);
};
/** A row id: a positive PostgreSQL integer (a larger number is refused, not a 500). */
export const id = numeric(z.number().int().positive().max(2_147_483_647));
/** `?pageNumber=` of paged lists: pages start at 1. */
export const pageNumber = numeric(z.number().int().min(1).max(100_000)).optional().default(1);

/**
 * What a row id names. Schemas say it with `ref(entity)`: the route table reads it (the
 * cross-tenant suite tries every such id with another company's), as do readers of the contracts.
 */
export const ENTITIES = [
  'companies',
  'plans',
  'helps',
  'users',
  'whatsapps',
  'queues',
  'queueOptions',
  'contacts',
  'tickets',
  'messages',
  'tags',
  'quickMessages',
  'ticketNotes',
  'schedules',
  'contactLists',
  'contactListItems',
  'fileLists',
  'fileListOptions',
  'campaigns',
  'flows',
  'flowCampaigns',
  'prompts',
  'queueIntegrations',
  'chats',
  'announcements',
  'invoices',
] as const;
export type Entity = (typeof ENTITIES)[number];
/** Entities every company reads alike (not owned by one company). */
export const SHARED_ENTITIES: readonly Entity[] = ['plans', 'helps', 'announcements'];

/** A schema's metadata: the entity a row id (or a ticket's uuid) names. */
export interface RefMeta {
  entity: Entity;
  /** The column the value matches when it is not the row id (a ticket's `uuid`). */
  column?: 'uuid';
}

/** A row id of `entity`. Messages count past a PostgreSQL integer (a 64-bit sequence). */
export const ref = (entity: Entity) =>
  (entity === 'messages' ? numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)) : id).meta({
    entity,
  } satisfies RefMeta);

/**
 * A reference a form may leave at "none": the spec's client sends an empty select as `''` and
 * "no AI / no integration" as `false`; both (and null) are null, no row. Absent stays absent.
 */
export const refOrNone = (entity: Entity) =>
  z.preprocess((v) => (v === '' || v === false ? null : v), ref(entity).nullable()).optional();

/** `/:id` of one entity's routes. */
export const rowParams = (entity: Entity) => z.object({ id: ref(entity) });

/** `?searchParam=&pageNumber=` of every paged list; pages start at 1. */
export const pageQuery = z.object({
  searchParam: text().trim().max(200).optional().default(''),
  pageNumber,
});
export type PageQuery = z.infer<typeof pageQuery>;

/** `YYYY-MM-DD HH:mm[:ss]`, then an optional fraction and an offset (`Z`, `±HH:MM`, `±HHMM`). */
const TIME_VALUE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):?(\d{2}))?$/;

/**
 * Years a date or time may name: the 20th century on, to the last year of four digits. Earlier
 * ones are typing slips (`0025` for 2025) that JavaScript reads as 19xx and PostgreSQL partly
 * refuses (year 0), later ones do not fit ISO 8601's four digits.
 */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 9999;
export const yearInRange = (year: number) => year >= MIN_YEAR && year <= MAX_YEAR;
/** The refusal of a day or time whose year is outside MIN_YEAR..MAX_YEAR. */
export const YEAR_OUT_OF_RANGE = 'yearOutOfRange';

/** Whether `value` is a time as `requestTime` reads it, naming a real day and time. */
export function isTimeValue(value: string): boolean {
  const m = TIME_VALUE.exec(value);
  if (!m) return false;
  const n = (i: number) => Number(m[i] ?? 0);
  const daysInMonth = new Date(Date.UTC(n(1), n(2), 0)).getUTCDate();
  return (
    n(2) >= 1 &&
    n(2) <= 12 &&
    n(3) >= 1 &&
    n(3) <= daysInMonth &&
    n(4) <= 23 &&
    n(5) <= 59 &&
    n(6) <= 59 &&
    n(8) <= 14 &&
    n(9) <= 59
  );
}

/** Whether a time value carries its offset (else it is read in the company's time zone). */
export const hasTimeOffset = (value: string) => /(?:Z|[+-]\d{2}:?\d{2})$/.test(value);

/**
 * A time in a request (`sendAt`, `scheduledAt`): ISO 8601 with an offset (`2025-06-14T09:30:00-03:00`,
 * `…Z`), or `YYYY-MM-DD HH:mm:ss` read in the company's time zone (`companies.timezone`). Answers
 * carry ISO 8601 UTC. Seconds may be left out; the server turns the text into an instant.
 */
export const requestTime = z
  .string()
  .max(40, 'tooLong')
  .refine(isTimeValue, 'invalidTime')
  .refine((v) => !TIME_VALUE.test(v) || yearInRange(Number(v.slice(0, 4))), YEAR_OUT_OF_RANGE)
  .meta({ examples: ['2099-05-20 09:30:00', '2099-05-20T09:30:00-03:00', '2099-05-20T12:30:00Z'] });

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** `orDefault` fields and their form in an edit (`editOf`), which takes no default. */
const EDIT_FORM = new WeakMap<z.ZodType, z.ZodType>();

/**
 * A field the spec's forms may send blank (`''` or null for "left empty"): blank or absent takes
 * `fallback`. In an edit body (`editOf`) blank or absent changes nothing.
 */
export function orDefault<T extends z.ZodType>(inner: T, fallback: z.output<T>) {
  const field = z.preprocess(blankToUndefined, inner.optional().default(fallback as never));
  EDIT_FORM.set(field, z.preprocess(blankToUndefined, inner.optional()));
  return field;
}

/**
 * The body of an edit: every field optional and *without* its create-time default. (zod 4's
 * `.partial()` keeps `.default()`s, so an edit naming one field would reset all the others.)
 */
export function editOf<S extends z.ZodRawShape>(schema: z.ZodObject<S>) {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => {
      const edited = EDIT_FORM.get(field as z.ZodType);
      if (edited) return [key, edited];
      const bare = field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : (field as z.ZodType);
      return [key, bare.optional()];
    }),
  );
  return z.object(shape) as unknown as z.ZodObject<{ [K in keyof S]: z.ZodOptional<S[K]> }>;
}

/**
 * A list of ids sent in a query string as a JSON array (`queueIds=[1,2]`), as the spec's web
 * does. An empty value is no filter; anything that is not an array of ids is refused.
 */
export const idList = (entity: Entity) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === '') return [];
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    },
    z.array(ref(entity)).max(500),
  );

/** `YYYY-MM-DD`, a real calendar day. */
export const isoDay = z
  .string()
  .max(10, 'invalidDate')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalidDate')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, 'invalidDate')
  .refine((s) => !/^\d{4}/.test(s) || yearInRange(Number(s.slice(0, 4))), YEAR_OUT_OF_RANGE);
