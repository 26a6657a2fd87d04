import { describe, expect, it } from 'vitest';
import { columnOfParameter, dataRefusal, errWithoutValues } from './database-refusals.js';

/** The shape drizzle throws: its own error around pg's. */
function failedQuery(query: string, params: unknown[], pg: Record<string, string>) {
  const cause = Object.assign(new Error(pg.message), pg);
  return Object.assign(new Error(`Failed query: ${query}\nparams: ${params.join(',')}`), { query, params, cause });
}

describe('columnOfParameter', () => {
  it('reads an insert, skipping defaults, in any row', () => {
    const q =
      'insert into "contacts" ("id", "name", "email", "extra_info") values (default, $1, $2, $3), (default, $4, $5, $6)';
    expect(columnOfParameter(q, 2)).toBe('email');
    expect(columnOfParameter(q, 6)).toBe('extra_info');
  });

  it('reads an update and a filter, never taking $1 for $12', () => {
    const q = 'update "whatsapps" set "token" = $1, "greeting_message" = $12 where "whatsapps"."id" >= $2';
    expect(columnOfParameter(q, 12)).toBe('greeting_message');
    expect(columnOfParameter(q, 2)).toBe('id');
    expect(columnOfParameter(q, 3)).toBeUndefined();
  });
});

describe('a refused query as the answer and the log tell it', () => {
  const err = failedQuery('insert into "contacts" ("name", "email") values ($1, $2)', ['Ana', 'ana@example.com'], {
    code: '22P02',
    message: 'invalid input syntax for type json',
    detail: 'Unicode low surrogate must follow a high surrogate.',
    where: 'JSON data, line 1: "ana@example.com...\nunnamed portal parameter $2',
  });

  it('names the field from the failing parameter', () => {
    expect(dataRefusal(err)).toMatchObject({
      code: '22P02',
      field: 'email',
      reason: 'invalidValue',
      table: 'contacts',
    });
  });

  it('serializes without parameters, detail, where or quoted values', () => {
    const logged = JSON.stringify(errWithoutValues(err));
    expect(logged).toContain('insert into');
    expect(logged).toContain('22P02');
    expect(logged).not.toContain('ana@example.com');
    expect(logged).not.toContain('Ana');
    const quoted = failedQuery('select $1::int', ['s3cr3t'], {
      code: '22P02',
      message: 'invalid input syntax for type integer: "s3cr3t"',
    });
    expect(JSON.stringify(errWithoutValues(quoted))).not.toContain('s3cr3t');
  });
});
