import fc from 'fast-check';
import type { z } from 'zod';
import { fieldsOf, type Field } from '@balcao/contracts/schema-walk';
import type { RouteEntry } from '../../src/platform/route-table.js';
import { validArbitrary, type IdsByEntity } from './schema-arbitrary.js';

/**
 * Requests of the route table on the wire: a valid input drawn from a route's schemas, mutations
 * of it (one field, or the body as a whole), and a raw sender that keeps whatever bytes it is
 * given. Used by the generated bad-input and cross-tenant suites.
 */
export type Part = 'params' | 'querystring' | 'body';
export interface Input {
  params: Record<string, unknown>;
  querystring: Record<string, unknown>;
  body: unknown;
}
/** A request as bytes: the body is sent as given, with its content type. */
export interface Wire {
  path: string;
  body?: string | Buffer;
  contentType?: string;
}

/** The JSON body schema of a route: its `schema.body`, or the JSON a multipart route also takes. */
export const bodySchemaOf = (route: RouteEntry): z.ZodType | undefined =>
  route.schema.body ?? (route.input && 'multipart' in route.input ? route.input.json : undefined);

export const schemaOf = (route: RouteEntry, part: Part) => (part === 'body' ? bodySchemaOf(route) : route.schema[part]);

/** A valid input of the route (as far as its schemas tell), with ids of existing rows. */
export function validInput(route: RouteEntry, ids: IdsByEntity): fc.Arbitrary<Input> {
  const of = (part: Part, fallback: unknown) => {
    const schema = schemaOf(route, part);
    return schema ? validArbitrary(schema, ids).map((v) => v ?? fallback) : fc.constant(fallback);
  };
  return fc.record({
    params: of('params', {}),
    querystring: of('querystring', {}),
    body: of('body', undefined),
  }) as fc.Arbitrary<Input>;
}

/** Text as it travels in a path or a query string (arrays and objects as JSON, as the web sends them). */
const asText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

export function toWire(route: RouteEntry, input: Input): Wire {
  const path = route.url.replace(/:(\w+)/g, (_, name: string) =>
    input.params[name] === undefined ? '' : encodeURIComponent(asText(input.params[name])),
  );
  const query = Object.entries(input.querystring)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(asText(v))}`)
    .join('&');
  const wire: Wire = { path: query ? `${path}?${query}` : path };
  if (input.body !== undefined)
    Object.assign(wire, { body: JSON.stringify(input.body), contentType: 'application/json' });
  return wire;
}

/** Whether the route's own schemas accept a wire request (what the server must then not refuse as bad input). */
export function schemasAccept(route: RouteEntry, input: Input, wire: Wire): boolean {
  const params = route.schema.params;
  const query = route.schema.querystring;
  const body = bodySchemaOf(route);
  // Path and query travel as text: check their text forms.
  const asWire = (o: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(o)
        .filter(([, v]) => v !== undefined && v !== null)
        .map(([k, v]) => [k, asText(v)]),
    );
  if (params && !params.safeParse(asWire(input.params)).success) return false;
  if (query && !query.safeParse(asWire(input.querystring)).success) return false;
  if (body && wire.contentType === 'application/json') {
    try {
      return body.safeParse(JSON.parse(String(wire.body))).success;
    } catch {
      return false;
    }
  }
  return wire.contentType === undefined || wire.contentType === 'application/json';
}

/** The leaves of a part a mutation may change: every field, array elements by their first one. */
export const mutableFields = (schema: z.ZodType | undefined): Field[] => {
  // A union's options may share a path (every node type of a flow has `id`, `data`): a mutation
  // changes the value at that path, so one field per path (the first option's) tries it.
  const byPath = new Map<string, Field>();
  for (const f of schema ? fieldsOf(schema) : []) if (f.path !== '' && !byPath.has(f.path)) byPath.set(f.path, f);
  return [...byPath.values()];
};

function setAt(target: unknown, path: string, value: unknown, remove = false): unknown {
  const [head, ...rest] = path.split('.');
  if (head === '[]') {
    const list = Array.isArray(target) && target.length ? [...target] : [{}];
    if (rest.length === 0) {
      if (remove) list.splice(0, 1);
      else list[0] = value;
    } else list[0] = setAt(list[0], rest.join('.'), value, remove);
    return list;
  }
  const object = target && typeof target === 'object' && !Array.isArray(target) ? { ...(target as object) } : {};
  const o = object as Record<string, unknown>;
  if (rest.length === 0) {
    if (remove) delete o[head!];
    else o[head!] = value;
  } else o[head!] = setAt(o[head!], rest.join('.'), value, remove);
  return object;
}

/** A change to a valid input, with a label that says what it tries. */
export interface Mutation {
  label: string;
  input?: (base: Input) => Input;
  /** Replaces the whole body on the wire (malformed JSON, another content type, multipart). */
  wire?: (base: Wire) => Wire;
}

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', 'prototype'];
/** Numbers written in forms `Number()` reads but a row id must not be. */
const ODD_NUMBERS = [
  ' 9',
  '0x9',
  '9.0',
  '+9',
  '9e0',
  '09',
  '-1',
  '0',
  '1.5',
  '99999999999999999999',
  'NaN',
  'Infinity',
];

const wrongJson = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53, '', 'x', [], {}, [1, 2], { a: 1 }),
  fc.string({ maxLength: 8 }),
  fc.integer(),
);
const oddText = fc.constantFrom('', 'abc', '%00', '[', '{}', 'null', 'true', ...ODD_NUMBERS);
const wrongText = fc.oneof(oddText, fc.string({ maxLength: 8 }));

/** Strings or arrays past any bound: just over the declared maximum, and far over it. */
function hugeValue(field: Field, part: Part): fc.Arbitrary<unknown> {
  const max = (field.bare as { maxLength?: number | null }).maxLength ?? 64;
  const def = (field.bare as any)._zod.def as { type: string };
  if (part !== 'body') return fc.constantFrom('9'.repeat(max + 1), 'x'.repeat(part === 'params' ? 300 : 10_000));
  if (def.type === 'array')
    return fc.constantFrom(
      Array.from({ length: 200_000 }, () => ({})),
      Array(1_000).fill(1),
    );
  return fc.constantFrom('x'.repeat(max + 1), 'x'.repeat(200_000));
}

/** One arbitrary per (field, kind) of every part, then the body-wide ones: each is tried at least once. */
export function mutationsOf(route: RouteEntry): Array<fc.Arbitrary<Mutation>> {
  const out: Array<fc.Arbitrary<Mutation>> = [];
  for (const part of ['params', 'querystring', 'body'] as const) {
    for (const field of mutableFields(schemaOf(route, part))) {
      const at = (label: string, value: unknown, remove = false): Mutation => ({
        label: `${part}.${field.path} ${label}`,
        input: (base) => ({ ...base, [part]: setAt(base[part], field.path, value, remove) }),
      });
      // Only a GET gets random text in its path: "7" could name a row the suite needs, or the caller.
      const wrong = part === 'body' ? wrongJson : part === 'params' && route.method !== 'GET' ? oddText : wrongText;
      out.push(wrong.map((v) => at(`= ${JSON.stringify(v)}`, v)));
      out.push(fc.constant(at('missing', undefined, true)));
      out.push(
        hugeValue(field, part).map((v) =>
          at(`= huge (${Array.isArray(v) ? `${v.length} items` : `${String(v).length} chars`})`, v),
        ),
      );
      out.push(fc.constantFrom(...PROTOTYPE_KEYS).map((k) => at(`= "${k}"`, k)));
      if (part !== 'body') out.push(fc.constantFrom(...ODD_NUMBERS).map((n) => at(`= "${n}"`, n)));
    }
  }
  // Query keys no route reads, prototype keys among them, on every route. A DELETE gets them
  // with an id it refuses besides: with its own valid input it would delete the suite's rows.
  const firstParam = /:(\w+)/.exec(route.url)?.[1];
  out.push(
    fc.constantFrom('__proto__=1', 'constructor[prototype][x]=1', 'toString=1&valueOf=', 'a[]=1&a[]=2').map((q) => ({
      label: `?${q} (unknown query keys)`,
      input:
        route.method === 'DELETE' && firstParam
          ? (base: Input) => ({ ...base, params: { ...base.params, [firstParam]: '0x9' } })
          : undefined,
      wire: (w: Wire) => ({ ...w, path: `${w.path}${w.path.includes('?') ? '&' : '?'}${q}` }),
    })),
  );
  if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method)) out.push(...bodyMutations(route));
  return out;
}

const json =
  (body: string): ((w: Wire) => Wire) =>
  (w) => ({ ...w, body, contentType: 'application/json' });

function bodyMutations(route: RouteEntry): Array<fc.Arbitrary<Mutation>> {
  const malformed = fc
    .constantFrom('{', '{"a":', '[1,', '"x', 'nul', '{"a":1}}', '\u0000')
    .map((b) => ({ label: `body = ${JSON.stringify(b)} (malformed)`, wire: json(b) }));
  // A route that reads no body would act on any body that parses (a DELETE would delete): only
  // bodies no parser takes are sent to it.
  if (!bodySchemaOf(route) && !(route.input && 'multipart' in route.input)) return [malformed];
  const list: Array<fc.Arbitrary<Mutation>> = [
    malformed,
    fc
      .constantFrom('[]', '"text"', '1', 'null', 'true')
      .map((b) => ({ label: `body = ${b} (not an object)`, wire: json(b) })),
    fc.constant({ label: 'empty JSON body', wire: json('') }),
    fc
      .constantFrom('{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"polluted":1}}}')
      .map((b) => ({ label: `body = ${b} (prototype keys)`, wire: json(b) })),
    fc.constant({ label: 'text/plain body', wire: (w: Wire) => ({ ...w, body: 'hello', contentType: 'text/plain' }) }),
    ...multipartMutations(route),
  ];
  // A JSON object with prototype keys beside the valid fields (a parser that merges would pollute).
  list.push(
    fc.constantFrom('__proto__', 'constructor').map((key) => ({
      label: `body + "${key}" key`,
      wire: (w: Wire) => {
        const base = w.body ? String(w.body) : '{}';
        const extra = `"${key}":{"polluted":1,"prototype":{"polluted":1}}`;
        return json(base.startsWith('{') && base !== '{}' ? `{${extra},${base.slice(1)}` : `{${extra}}`)(w);
      },
    })),
  );
  return list;
}

const BOUNDARY = '----balcaoSuite';
const partOf = (name: string, value: string | Buffer, file?: { filename: string; type: string }) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file.filename}"` : ''}\r\n` +
        (file ? `Content-Type: ${file.type}\r\n` : '') +
        '\r\n',
    ),
    Buffer.isBuffer(value) ? value : Buffer.from(value),
    Buffer.from('\r\n'),
  ]);
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/** Broken forms: truncated, without a boundary, a file whose type is a prototype key, a file in a text field. */
function multipartMutations(route: RouteEntry): Array<fc.Arbitrary<Mutation>> {
  const files = route.input && 'multipart' in route.input ? route.input.multipart.files : 'file';
  const form = (parts: Buffer[], close = true) =>
    Buffer.concat([...parts, Buffer.from(close ? `--${BOUNDARY}--\r\n` : '')]);
  const multipart =
    (body: Buffer, contentType = `multipart/form-data; boundary=${BOUNDARY}`) =>
    (w: Wire) => ({
      ...w,
      body,
      contentType,
    });
  return [
    fc.constant({
      label: 'multipart cut short',
      wire: multipart(
        form(
          [partOf('body', 'oi'), partOf(files, PNG, { filename: 'a.png', type: 'image/png' }).subarray(0, 60)],
          false,
        ),
      ),
    }),
    fc.constant({
      label: 'multipart without a boundary',
      wire: multipart(form([partOf('body', 'oi')]), 'multipart/form-data'),
    }),
    fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty').map((type) => ({
      label: `multipart file typed "${type}"`,
      wire: multipart(form([partOf(files, PNG, { filename: 'a.png', type })])),
    })),
    fc.constant({
      label: 'multipart file in an unexpected field',
      wire: multipart(form([partOf('__proto__', PNG, { filename: 'a.png', type: 'image/png' })])),
    }),
    fc.constant({
      label: 'multipart with an empty boundary',
      wire: multipart(Buffer.from('--\r\n\r\n'), 'multipart/form-data; boundary='),
    }),
  ];
}

export interface Answer {
  status: number;
  body: any;
  text: string;
  ms: number;
}

/** Sends exactly these bytes. Each request comes from its own address (TRUST_PROXY), so per-address limits stay out of the way. */
export async function sendWire(
  base: string,
  method: string,
  wire: Wire,
  headers: Record<string, string>,
): Promise<Answer> {
  const started = performance.now();
  const h: Record<string, string> = { ...headers };
  if (wire.contentType) h['content-type'] = wire.contentType;
  const res = await fetch(base + wire.path, { method, headers: h, body: wire.body as BodyInit | undefined });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, text, ms: performance.now() - started };
}

let address = 0;
/** A different client address per request (10.x.y.z), read through X-Forwarded-For. */
export const nextAddress = () => {
  address++;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};
