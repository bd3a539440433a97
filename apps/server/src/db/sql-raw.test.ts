// Values never become SQL text (issue 29, docs/decisions/0021): every place where the server's code
// (tests aside) writes text into a statement by other means than the statement's own literal —
// `sql.raw(`, `sql.identifier(`, a `${…}` template handed to a driver — must be in the one list,
// sql-raw-allowlist.ts, with the count of its file and why its text cannot come from a request.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type SqlTextKind, sqlTextPlaces } from './sql-raw-allowlist';

const src = join(dirname(fileURLToPath(import.meta.url)), '..');

const patterns: Record<SqlTextKind, RegExp> = {
  'sql.raw': /\bsql\.raw\(/g,
  'sql.identifier': /\bsql\.identifier\(/g,
  // A template literal holding `${` passed as the first argument of a driver call.
  'template to driver': /\.(?:query|exec|execute|unsafe|simpleQuery)\(\s*`(?:[^`\\]|\\.)*?\$\{/g,
};

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });

/** The server's own code: every .ts under src but tests (*.test.ts and the test/ folder). */
const sources = walk(src)
  .map((path) => ({ path, file: relative(src, path).split('\\').join('/') }))
  .filter(({ file }) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith('test/'));

/** The code without its comment lines (the files explain these calls in comments). */
const codeOf = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
    .join('\n');

describe('SQL text built by the server', () => {
  const found = new Map<string, number>();
  const literalsInText: string[] = [];
  for (const { path, file } of sources) {
    const code = codeOf(path);
    for (const [kind, re] of Object.entries(patterns)) {
      const n = [...code.matchAll(re)].length;
      if (n > 0) found.set(`${file} ${kind}`, n);
    }
    // A quoted literal written into the statement: what the audit injection was.
    if (/\bsql\.raw\(\s*(?:literal|escapeLiteral|pg\.escapeLiteral|quote)\w*\(/.test(code))
      literalsInText.push(file);
  }

  it('scans the server (the known places are found where they are)', () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(sources.some((s) => s.file === 'db/client.ts')).toBe(true);
    expect(found.size).toBeGreaterThan(0);
  });

  it('finds sql.raw, sql.identifier and templates handed to a driver only where the list says, as often', () => {
    const listed = new Map(sqlTextPlaces.map((p) => [`${p.file} ${p.kind}`, p.count]));
    const unlisted = [...found]
      .filter(([key, n]) => (listed.get(key) ?? 0) < n)
      .map(
        ([key, n]) =>
          `${key}: ${n} in the code, ${listed.get(key) ?? 0} in db/sql-raw-allowlist.ts — pass the value as a bind parameter (\${value} in sql\`…\`), or list the place with why its text cannot come from a request`,
      );
    const stale = [...listed]
      .filter(([key, n]) => (found.get(key) ?? 0) < n)
      .map(
        ([key, n]) =>
          `${key}: listed ${n}, ${found.get(key) ?? 0} in the code — lower the count in db/sql-raw-allowlist.ts`,
      );
    expect(unlisted).toEqual([]);
    expect(stale).toEqual([]);
  });

  it('keeps the list one entry per place, each with its reason', () => {
    const keys = sqlTextPlaces.map((p) => `${p.file} ${p.kind}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const p of sqlTextPlaces) {
      expect(p.count, p.file).toBeGreaterThan(0);
      expect(p.why.length, p.file).toBeGreaterThan(30);
    }
  });

  it('never writes a quoted literal into the text (the audit journal injection), listed or not', () => {
    expect(literalsInText).toEqual([]);
    expect(sqlTextPlaces.map((p) => p.file)).not.toContain('modules/audit/audit.repository.ts');
  });

  it('would catch each kind (the patterns match what they are meant to)', () => {
    // Source text with a template's interpolation in it.
    const hole = (name: string) => ['$', `{${name}}`].join('');
    const sample = [
      'const a = sql.raw(`x`);',
      'const b = sql.identifier(name);',
      `await client.query(\`select ${hole('x')}\`);`,
      `await pg.exec(\`SET ROLE ${hole('role')}\`);`,
      `await tx.execute(\`select 1 where a = ${hole('v')}\`);`,
    ].join('\n');
    expect([...sample.matchAll(patterns['sql.raw'])].length).toBe(1);
    expect([...sample.matchAll(patterns['sql.identifier'])].length).toBe(1);
    expect([...sample.matchAll(patterns['template to driver'])].length).toBe(3);
    // A template without interpolation, or drizzle's tagged sql`…`, is not text built from values.
    expect([
      ...`client.query(\`commit\`); db.execute(sql\`select ${hole('v')}\`);`.matchAll(
        patterns['template to driver'],
      ),
    ]).toEqual([]);
  });
});
