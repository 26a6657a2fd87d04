import fc from 'fast-check';
import { z } from 'zod';
import type { Entity } from '@balcao/contracts';
import { refOf, unwrap } from '@balcao/contracts/schema-walk';

/**
 * Valid inputs of a request schema, as fast-check arbitraries: the generated bad-input and
 * cross-tenant suites start from these and change one thing. Ids come from `ids` (rows that
 * exist, of the company the suite acts as); a schema with refinements no generator could hit by
 * chance (a week with each day once) says so with `.meta({ examples: [...] })`.
 */
/** Existing ids by entity; a value named by another column is keyed `entity.column` (`tickets.uuid`). */
export type IdsByEntity = Partial<Record<Entity | `${Entity}.uuid`, Array<number | string>>>;

type Def = { type: string } & Record<string, any>;
const defOf = (schema: z.ZodType): Def => (schema as any)._zod.def as Def;
const checksOf = (schema: z.ZodType): Def[] =>
  ((defOf(schema).checks ?? []) as Array<{ _zod: { def: Def } }>).map((c) => c._zod.def);
const examplesOf = (schema: z.ZodType): unknown[] | undefined =>
  (z.globalRegistry.get(schema) as { examples?: unknown[] } | undefined)?.examples;

/** Generated strings stay short: the suites need variety, not size (size has its own mutation). */
const LONGEST = 24;

/**
 * The first of up to 100 drawn values that passes `ok`, else the last one drawn: a refinement no
 * draw meets leaves an input that the suites' own check then calls invalid, never a hang.
 */
const bounded = <T>(arb: fc.Arbitrary<T>, ok: (v: T) => boolean): fc.Arbitrary<T> =>
  fc.infiniteStream(arb).map((stream) => {
    let last: T | undefined;
    for (const v of stream.take(100)) {
      if (ok(v)) return v;
      last = v;
    }
    return last as T;
  });

export function validArbitrary(schema: z.ZodType, ids: IdsByEntity): fc.Arbitrary<unknown> {
  const examples = examplesOf(schema);
  if (examples?.length) return fc.constantFrom(...examples);
  const ref = refOf(schema);
  if (ref) {
    const key = (ref.column ? `${ref.entity}.${ref.column}` : ref.entity) as keyof IdsByEntity;
    const known = ids[key] ?? [];
    const arb = known.length ? fc.constantFrom(...known) : fc.constant(undefined);
    return defOf(schema).type === 'optional' ? fc.option(arb, { nil: undefined }) : arb;
  }
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
      return fc.option(validArbitrary(def.innerType, ids), { nil: undefined, freq: 3 });
    case 'nullable':
      return fc.option(validArbitrary(def.innerType, ids), { nil: null, freq: 3 });
    case 'default':
    case 'prefault':
      return fc.option(validArbitrary(def.innerType, ids), { nil: undefined, freq: 3 });
    case 'pipe': {
      // preprocess: the caller's value meets `out`. transform().pipe(out): values `out` accepts
      // usually pass the input side too (digits of a phone number), else the input side's.
      const fromIn = defOf(def.in).type === 'transform';
      const side = fromIn ? def.out : def.out && defOf(unwrap(def.out)).type === 'string' ? def.out : def.in;
      return bounded(validArbitrary(side, ids), (v) => schema.safeParse(v).success);
    }
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const entries = Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, validArbitrary(s, ids)]));
      const record = fc
        .record(entries)
        .map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)));
      return bounded(record, (o) => schema.safeParse(o).success);
    }
    case 'array': {
      const min = checksOf(schema).find((c) => c.check === 'min_length')?.minimum ?? 0;
      const max = checksOf(schema).find((c) => c.check === 'max_length')?.maximum ?? 3;
      const exact = checksOf(schema).find((c) => c.check === 'length_equals')?.length;
      const list = fc.array(validArbitrary(def.element, ids), {
        minLength: exact ?? min,
        maxLength: exact ?? Math.min(max, Math.max(min, 3)),
      });
      return bounded(list, (a) => schema.safeParse(a).success);
    }
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((o) => validArbitrary(o, ids)));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'date':
      return fc
        .date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'number':
      return numberArbitrary(schema as z.ZodNumber);
    case 'string':
      return stringArbitrary(schema as z.ZodString);
    default:
      return fc.constant(undefined);
  }
}

function numberArbitrary(schema: z.ZodNumber): fc.Arbitrary<number> {
  const min = Number.isFinite(schema.minValue) ? schema.minValue! : -1000;
  const max = Number.isFinite(schema.maxValue) ? schema.maxValue! : 1000;
  if (schema.isInt) return fc.integer({ min: Math.ceil(min), max: Math.min(Math.floor(max), Math.ceil(min) + 10_000) });
  return fc
    .double({ min, max: Math.min(max, min + 10_000), noNaN: true, noDefaultInfinity: true })
    .map((n) => Math.round(n * 100) / 100);
}

function stringArbitrary(schema: z.ZodString): fc.Arbitrary<string> {
  const def = defOf(schema);
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? LONGEST, Math.max(min, LONGEST));
  const ok = (s: string) => schema.safeParse(s).success;
  // `z.email()` carries its format itself, `z.string().email()` as one of its checks.
  const format =
    def.format ?? checksOf(schema).find((c) => c.check === 'string_format' && c.format !== 'regex')?.format;
  const word = (n: number) => fc.stringMatching(new RegExp(`^[a-z0-9]{1,${n}}$`));
  if (format === 'email') return fc.tuple(word(12), word(10)).map(([user, host]) => `${user}@${host}.com.br`);
  if (format === 'uuid') return fc.uuid({ version: 4 });
  const pattern = checksOf(schema).find((c) => c.format === 'regex' && !String(c.pattern).includes('\\0'))?.pattern as
    RegExp | undefined;
  if (pattern) return bounded(fc.stringMatching(pattern), ok);
  // Text without spaces at its ends, so trimming keeps it within its bounds.
  const text = fc
    .string({
      unit: fc.constantFrom(...Array.from('abcdefghij ABC-_.,:!?çãéü0123456789ñ😀')),
      minLength: min,
      maxLength: max,
    })
    .map((v) => v.trim().padEnd(min, 'a'));
  return bounded(text, ok);
}
