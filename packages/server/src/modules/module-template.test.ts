import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The module template (ARCHITECTURE.md): a route file declares access and schemas, calls one use
 * case and replies. The database, the transactions, the rules and the access decisions live in
 * the use case files, and who may do what is the contracts' permission table, never a profile
 * name. A new domain that puts SQL or a rule in its routes fails here.
 */
const modules = dirname(fileURLToPath(import.meta.url));
const server = dirname(modules);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !/\.(test|integration-test)\.ts$/.test(e.name) ? [path] : [];
  });
}

const routeFiles = sources(modules).filter((f) => /routes\.ts$/.test(f));

/** What a route file may not hold, with the reason the failure names. */
const FORBIDDEN: Array<[RegExp, string]> = [
  [/from '(drizzle-orm[^']*|pg|[^']*\/db\/[^']*)'/, 'imports the database (SQL belongs in a use case file)'],
  [/\b(runTenant|runPlatform)\b|\.(tenant|platform)\(|\bpools\./, 'opens a transaction (a use case does)'],
  [/\bthrow\b|\btry\s*\{/, 'decides or recovers (a rule belongs in the use case)'],
  [/\bcan\(|\bprofile\b|\.super\b/, 'checks access by hand (config.permission, or the use case with can())'],
];

describe('module template', () => {
  it('finds the route files', () => {
    expect(routeFiles.length).toBeGreaterThan(10);
  });

  it.each(routeFiles.map((f) => [relative(server, f), f]))('%s holds no SQL, rule or access check', (_name, file) => {
    const text = readFileSync(file, 'utf8');
    const broken = FORBIDDEN.filter(([pattern]) => pattern.test(text)).map(([, why]) => why);
    expect(broken).toEqual([]);
  });

  it("no server code asks for the 'admin' profile by name: the permission table decides", () => {
    const offenders = sources(server).filter((f) =>
      /\bprofile\s*[!=]==\s*'admin'|'admin'\s*[!=]==/.test(readFileSync(f, 'utf8')),
    );
    expect(offenders.map((f) => relative(server, f))).toEqual([]);
  });
});
