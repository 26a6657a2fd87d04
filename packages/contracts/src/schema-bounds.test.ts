import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from './index.js';
import { outboundPaths, refsOf, unboundedFields, unmarkedUrlFields, untypedIds } from './schema-walk.js';
import { id, numeric, ref } from './schemas/common.js';
import { notFetched, outboundUrl, outboundUrlOrBlank } from './schemas/outbound-url.js';

/** Every zod schema the contracts export, by name. */
const schemas = (Object.entries(contracts) as Array<[string, unknown]>).filter(
  (e): e is [string, z.ZodType] => e[1] instanceof z.ZodType,
);

describe('request schemas', () => {
  it('are all found (the check below reads something)', () => {
    expect(schemas.length).toBeGreaterThan(40);
  });

  it.each(schemas)('%s bounds every string and array, and keeps no open-ended field', (_name, schema) => {
    expect(unboundedFields(schema)).toEqual([]);
  });

  it.each(schemas)('%s says which entity every id names', (_name, schema) => {
    expect(untypedIds(schema)).toEqual([]);
  });

  it.each(schemas)('%s sends every URL field through the outbound policy', (_name, schema) => {
    expect(unmarkedUrlFields(schema)).toEqual([]);
  });
});

describe('the URL check', () => {
  it('names a URL field that is not an outboundUrl: z.url(), .url(), or a …Url / …_uri taking a URL', () => {
    const loose = z.object({
      hook: z.url().max(100),
      old: z.string().max(100).url(),
      avatarUrl: z.string().max(100),
      token_uri: z.union([z.literal(''), z.string().max(100)]),
      list: z.array(z.object({ webhookURL: z.string().max(100).optional() })).max(2),
      secUrity: z.string().max(5).regex(/^\d+$/),
      security: z.string().max(100),
      fine: outboundUrl(),
      blank: outboundUrlOrBlank().optional(),
      file: notFetched(z.string().max(100), 'a stored name'),
    });
    expect(unmarkedUrlFields(loose)).toEqual(['hook', 'old', 'avatarUrl', 'token_uri', 'list.[].webhookURL']);
    expect(outboundPaths(loose)).toEqual(['fine', 'blank']);
  });

  it('finds the outbound fields of the contracts', () => {
    expect(outboundPaths(contracts.queueIntegrationBody)).toEqual(['urlN8N']);
    expect(outboundPaths(contracts.dialogflowServiceAccount)).toEqual(['token_uri']);
    expect(outboundPaths(contracts.flowGraphBody)).toEqual(['nodes.[].data.typebotIntegration.urlN8N']);
  });
});

describe('the bounds check', () => {
  it('names what a caller could make as large as the body allows', () => {
    const loose = z.object({
      name: z.string(),
      tags: z.array(z.string().max(5)),
      extra: z.record(z.string(), z.string().max(5)),
      any: z.unknown(),
      ok: z.string().max(3).optional(),
      nested: z.object({ list: z.array(z.number()).max(2).nullable().default(null) }),
    });
    expect(unboundedFields(loose)).toEqual([
      'name: a string without .max()',
      'tags: an array without .max()',
      'extra: a record (any number of keys)',
      'any: unknown (any shape, any size)',
    ]);
  });

  it('reads through preprocess and transform pipes to what the caller sends', () => {
    const viaPreprocess = z.preprocess((v) => v, z.string());
    const viaTransform = z
      .string()
      .max(9)
      .transform((v) => v.trim())
      .pipe(z.string());
    expect(unboundedFields(z.object({ a: viaPreprocess, b: viaTransform }))).toEqual(['a: a string without .max()']);
  });

  it('finds ids that do not say what they name, and the references that do', () => {
    const body = z.object({ contactId: id, queueIds: z.array(ref('queues')).max(3), userId: ref('users').nullable() });
    expect(untypedIds(body)).toEqual(['contactId']);
    expect(refsOf(body).map((r) => [r.path, r.ref.entity])).toEqual([
      ['queueIds.[]', 'queues'],
      ['userId', 'users'],
    ]);
  });
});

describe('numbers as text', () => {
  it('are read only in their canonical form', () => {
    expect(id.parse('9')).toBe(9);
    expect(id.parse(9)).toBe(9);
    for (const odd of [' 9', '9 ', '0x9', '9.0', '+9', '9e0', '09', '0b1', '', '9,0', '٩'])
      expect(id.safeParse(odd).success, JSON.stringify(odd)).toBe(false);
    const price = numeric(z.number().min(0));
    expect(price.parse('9.5')).toBe(9.5);
    for (const odd of ['9.', '.5', '1e3', 'Infinity', 'NaN']) expect(price.safeParse(odd).success, odd).toBe(false);
  });
});
