import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { specCalls } from './spec-calls.js';

/**
 * `docs/compat.md` stays true: every row of its tables names at least one test, each an existing
 * compat file and a title one of its `it(…)` has; and every call of the spec's tables has a row.
 */

const here = fileURLToPath(new URL('.', import.meta.url));
const notes = readFileSync(fileURLToPath(new URL('../../../../docs/compat.md', import.meta.url)), 'utf8');

/** The titles of a file's tests, as written in its `it('…')` (quotes and escapes undone). */
function testTitles(source: string): Set<string> {
  const titles = new Set<string>();
  for (const m of source.matchAll(/\bit\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g)) titles.add(m[2]!.replace(/\\(.)/g, '$1'));
  return titles;
}

const titlesByFile = new Map(
  readdirSync(here)
    .filter((f) => f.endsWith('.integration-test.ts'))
    .map((f) => [f, testTitles(readFileSync(here + f, 'utf8'))] as const),
);

interface Row {
  line: number;
  subject: string;
  tests: { file: string; title: string }[];
}

/** The tables' body rows: `| subject | what it reads | tests |`, tests joined by `<br>`. */
function rows(markdown: string): Row[] {
  const out: Row[] = [];
  markdown.split('\n').forEach((text, i) => {
    if (!text.startsWith('|') || /^\|\s*-/.test(text)) return;
    const cells = text
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((c) => c.trim().replace(/\\\|/g, '|'));
    if (cells[0] === 'Call' || cells[0] === 'Event') return;
    const tests = (cells[2] ?? '')
      .split('<br>')
      .map((c) => /^`([^`]+)` › (.+)$/.exec(c.trim()))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => ({ file: m[1]!, title: m[2]! }));
    out.push({ line: i + 1, subject: cells[0]!, tests });
  });
  return out;
}

const table = rows(notes);

describe('docs/compat.md', () => {
  it('has rows', () => {
    expect(table.length).toBeGreaterThan(100);
  });

  it('names a test on every row', () => {
    expect(table.filter((r) => r.tests.length === 0).map((r) => `line ${r.line}: ${r.subject}`)).toEqual([]);
  });

  it('names only compat files and test titles that exist', () => {
    const wrong = table.flatMap((r) =>
      r.tests
        .filter((t) => !titlesByFile.get(t.file)?.has(t.title))
        .map((t) => `line ${r.line}: ${t.file} › ${t.title}`),
    );
    expect(wrong).toEqual([]);
  });

  it("has a row for every call of the spec's tables", () => {
    const listed = new Set(table.map((r) => r.subject.replace(/^`|`$/g, '')));
    const calls = new Set(Object.values(specCalls).flat());
    expect([...calls].filter((c) => !listed.has(c))).toEqual([]);
  });
});
