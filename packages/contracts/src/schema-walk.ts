import { z } from 'zod';
import type { RefMeta } from './schemas/common.js';

/**
 * Reading request schemas as data: which ids they carry (and of what), and which of their
 * fields a caller could make as large as the body allows. The route-table suites and the
 * contracts' own check use it; the server and the web never do.
 */

type Def = { type: string } & Record<string, any>;
const defOf = (schema: z.ZodType): Def => (schema as any)._zod.def as Def;
const checksOf = (schema: z.ZodType): Def[] =>
  ((defOf(schema).checks ?? []) as Array<{ _zod: { def: Def } }>).map((c) => c._zod.def);

/** The schema a caller's value is checked against first, through wrappers and pipes. */
export function unwrap(schema: z.ZodType): z.ZodType {
  for (;;) {
    const def = defOf(schema);
    if (['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(def.type)) {
      schema = def.innerType as z.ZodType;
    } else if (def.type === 'pipe') {
      // A preprocess is a pipe from a transform: the caller's value meets its `out` side.
      // A `.transform().pipe()` chain meets its `in` side first.
      schema = (defOf(def.in).type === 'transform' ? def.out : def.in) as z.ZodType;
    } else return schema;
  }
}

/** The entity a schema (or a wrapper around it) names, when it is a reference. */
export function refOf(schema: z.ZodType): RefMeta | undefined {
  for (let s: z.ZodType | undefined = schema; s;) {
    const meta = z.globalRegistry.get(s) as Partial<RefMeta> | undefined;
    if (meta?.entity) return meta as RefMeta;
    const def = defOf(s);
    if (def.innerType) s = def.innerType as z.ZodType;
    else if (def.type === 'pipe') s = (defOf(def.in).type === 'transform' ? def.out : def.in) as z.ZodType;
    else s = undefined;
  }
  return undefined;
}

export interface Field {
  /** Dotted path; `[]` stands for any element of an array. */
  path: string;
  /** The field's schema as declared (wrappers included). */
  schema: z.ZodType;
  /** The schema its value is checked against first. */
  bare: z.ZodType;
  optional: boolean;
}

/** Every field of a schema, depth first (objects, array elements, union options). */
export function fieldsOf(schema: z.ZodType, path = ''): Field[] {
  const bare = unwrap(schema);
  const def = defOf(bare);
  const here: Field = { path, schema, bare, optional: schema.safeParse(undefined).success };
  const join = (key: string) => (path ? `${path}.${key}` : key);
  if (def.type === 'object') {
    const shape = def.shape as Record<string, z.ZodType>;
    return [here, ...Object.entries(shape).flatMap(([key, field]) => fieldsOf(field, join(key)))];
  }
  if (def.type === 'array') return [here, ...fieldsOf(def.element as z.ZodType, join('[]'))];
  if (def.type === 'union') return [here, ...(def.options as z.ZodType[]).flatMap((o) => fieldsOf(o, path).slice(1))];
  return [here];
}

const BOUNDED_FORMATS = new Set(['uuid', 'guid', 'cuid', 'ulid', 'ipv4', 'ipv6']);
const hasMax = (schema: z.ZodType) =>
  checksOf(schema).some((c) => c.check === 'max_length' || c.check === 'length_equals');

/** Why a field's size is up to the caller, or undefined when it is bounded. */
function unboundedWhy(bare: z.ZodType): string | undefined {
  const def = defOf(bare);
  switch (def.type) {
    case 'string':
      return hasMax(bare) || BOUNDED_FORMATS.has(String(def.format)) ? undefined : 'a string without .max()';
    case 'array':
      return hasMax(bare) ? undefined : 'an array without .max()';
    case 'record':
    case 'map':
    case 'set':
      return `a ${def.type} (any number of keys)`;
    case 'any':
    case 'unknown':
    case 'custom':
    case 'lazy':
      return `${def.type} (any shape, any size)`;
    case 'object':
      return def.catchall && defOf(def.catchall).type !== 'never' ? 'an object that keeps unknown keys' : undefined;
    default:
      return undefined;
  }
}

/** The fields of a schema a caller could make as large as the body allows: `path: why`. */
export function unboundedFields(schema: z.ZodType): string[] {
  return fieldsOf(schema).flatMap((f) => {
    const why = unboundedWhy(f.bare);
    return why ? [`${f.path || '(root)'}: ${why}`] : [];
  });
}

/** The references a schema carries: every id field and the entity it names. */
export function refsOf(schema: z.ZodType): Array<Field & { ref: RefMeta }> {
  return fieldsOf(schema).flatMap((f) => {
    const ref = refOf(f.schema);
    return ref ? [{ ...f, ref }] : [];
  });
}

/** Numeric fields that name a row without saying which entity (every id must be a `ref`). */
export function untypedIds(schema: z.ZodType): string[] {
  return fieldsOf(schema).flatMap((f) => {
    const def = defOf(f.bare);
    const looksLikeId = def.type === 'number' && /(^|\.)(id|\w+Id|\w+Ids\.\[\])$/.test(f.path);
    return looksLikeId && !refOf(f.schema) ? [f.path] : [];
  });
}

/** The registry's metadata of a schema or of what it wraps (the first found wins). */
function metaOf(schema: z.ZodType): Record<string, unknown> | undefined {
  for (let s: z.ZodType | undefined = schema; s;) {
    const meta = z.globalRegistry.get(s) as Record<string, unknown> | undefined;
    if (meta && ('outbound' in meta || 'notFetched' in meta)) return meta;
    const def = defOf(s);
    if (def.innerType) s = def.innerType as z.ZodType;
    else if (def.type === 'pipe') s = (defOf(def.in).type === 'transform' ? def.out : def.in) as z.ZodType;
    else if (def.type === 'union') return (def.options as z.ZodType[]).map(metaOf).find((m) => m !== undefined);
    else s = undefined;
  }
  return undefined;
}

/** Whether a field is an `outboundUrl` (contracts' schemas/outbound-url.ts), through wrappers and unions. */
export const isOutboundUrl = (schema: z.ZodType): boolean => metaOf(schema)?.outbound === true;

/** The words of a key: `urlN8N` → url, N8N; `token_uri` → token, uri; `webhookURL` → webhook, URL. */
const wordsOf = (key: string) => key.split(/_|-|(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/);

/** A URL-typed string (`z.url()`, `z.string().url()`), here or in a union option. */
function isUrlTyped(schema: z.ZodType): boolean {
  const bare = unwrap(schema);
  const def = defOf(bare);
  if (def.type === 'union') return (def.options as z.ZodType[]).some(isUrlTyped);
  return def.format === 'url' || checksOf(bare).some((c) => c.format === 'url');
}

/**
 * URL fields that are neither `outboundUrl` nor `notFetched`: a `z.url()`, or a field named
 * …url / …uri that takes a URL. Every URL a caller gives the server must go through the outbound
 * policy (ARCHITECTURE.md, "Outbound safety"), so a new route with a plain `z.url()` fails here.
 */
export function unmarkedUrlFields(schema: z.ZodType): string[] {
  return fieldsOf(schema).flatMap((f) => {
    const key = f.path.split('.').pop() ?? '';
    const named = wordsOf(key).some((w) => /^ur[il]s?$/i.test(w));
    const urlish =
      isUrlTyped(f.schema) ||
      (named && defOf(f.bare).type !== 'object' && f.schema.safeParse('https://example.com/a').success);
    return urlish && !metaOf(f.schema) ? [f.path || '(root)'] : [];
  });
}

/** The paths of a schema's outbound URL fields (`[]`: every element of an array). */
export const outboundPaths = (schema: z.ZodType): string[] => [
  ...new Set(fieldsOf(schema).flatMap((f) => (isOutboundUrl(f.schema) ? [f.path] : []))),
];
