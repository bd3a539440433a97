// The server's module anatomy (modules/README.md), checked: a module reaches another only through
// its service or its published SQL fragments, SQL is written only in repositories and `*.sql.ts`,
// modules do not depend on each other in circles, only the sites module names the `sites` table,
// and lib/ depends on no module. Each failure names the file and the import (or the line).
// Test code (`*.test.ts`, `test-support.ts`, `*-test-support.ts`) is not read: it may seed through
// any module's repository.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const modulesDir = join(src, 'modules');
const libDir = join(src, 'lib');

const isTestCode = (name: string) => name.endsWith('.test.ts') || /(^|-)test-support\.ts$/.test(name);

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return entry.name.endsWith('.ts') && !isTestCode(entry.name) ? [path] : [];
  });
}

interface Import {
  spec: string;
  /** `import type`, `export type`, or braces holding only `type` names: erased at run time. */
  typeOnly: boolean;
}

// Comments that start a line: a header or a doc comment may quote an import without making one.
const withoutComments = (text: string) =>
  text.replace(/^\s*\/\*[\s\S]*?\*\//gm, '').replace(/^\s*\/\/.*$/gm, '');

function importsOf(text: string): Import[] {
  const code = withoutComments(text);
  const found: Import[] = [];
  for (const m of code.matchAll(/^\s*(?:import|export)\s+(type\s+)?([\w$*{}\s,]*?)\s*from\s*'([^']+)'/gm)) {
    const clause = (m[2] as string).trim();
    const names = /^\{([\s\S]*)\}$/
      .exec(clause)?.[1]
      ?.split(',')
      .map((n) => n.trim())
      .filter(Boolean);
    const typeOnly = m[1] !== undefined || (names?.every((n) => n.startsWith('type ')) ?? false);
    found.push({ spec: m[3] as string, typeOnly });
  }
  for (const m of code.matchAll(/^\s*import\s*'([^']+)'/gm))
    found.push({ spec: m[1] as string, typeOnly: false });
  for (const m of code.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g))
    found.push({ spec: m[1] as string, typeOnly: false });
  return found;
}

const moduleOf = (path: string) => relative(modulesDir, path).split(sep)[0] as string;
const inside = (dir: string, path: string) => !relative(dir, path).startsWith('..');
const shown = (path: string) => relative(modulesDir, path);

const files = sourcesUnder(modulesDir).map((path) => {
  const text = readFileSync(path, 'utf8');
  return { path, module: moduleOf(path), text, imports: importsOf(text) };
});

/** A module's published SQL fragments (`*.sql.ts`). */
const isFragment = (path: string) => /\.sql(\.ts)?$/.test(path);

/** The relative imports of `file` that land in another module, with the file they land on. */
const crossings = (file: (typeof files)[number]) =>
  file.imports.flatMap((i) => {
    if (!i.spec.startsWith('.')) return [];
    const target = resolve(dirname(file.path), i.spec);
    if (!inside(modulesDir, target) || moduleOf(target) === file.module) return [];
    return [{ ...i, target, module: moduleOf(target) }];
  });

describe('module boundaries', () => {
  it('has no module importing another module’s repository or routes', () => {
    const found: string[] = [];
    for (const file of files)
      for (const c of crossings(file))
        if (/\.(repository|routes)(\.[jt]s)?$/.test(basename(c.target)))
          found.push(`${shown(file.path)} → ${c.spec}`);
    expect(found).toEqual([]);
  });

  it('has no value import of drizzle-orm outside repositories and SQL fragments', () => {
    const found: string[] = [];
    for (const file of files) {
      if (/\.(repository|sql)\.ts$/.test(file.path)) continue;
      for (const i of file.imports)
        if (!i.typeOnly && (i.spec === 'drizzle-orm' || i.spec.startsWith('drizzle-orm/')))
          found.push(`${shown(file.path)} → ${i.spec}`);
    }
    expect(found).toEqual([]);
  });

  it('has no import cycle between modules', () => {
    // module → module → an example of the import that makes the edge
    const edges = new Map<string, Map<string, string>>();
    for (const file of files)
      for (const c of crossings(file)) {
        // A published fragment only builds SQL text and imports no other module's code (checked
        // below): two modules composing each other's fragments into one query is not a cycle
        // of behaviour, and it is how one screen stays one round trip (sites ↔ alarms).
        if (c.typeOnly || isFragment(c.target)) continue;
        const out = edges.get(file.module) ?? new Map<string, string>();
        edges.set(file.module, out);
        if (!out.has(c.module)) out.set(c.module, `${shown(file.path)} → ${c.spec}`);
      }
    const next = (m: string) => [...(edges.get(m)?.keys() ?? [])];
    /** The shortest path from `from` to `to`, both included, or undefined. */
    const path = (from: string, to: string) => {
      const previous = new Map<string, string>([[from, from]]);
      const queue = [from];
      while (queue.length > 0) {
        const m = queue.shift() as string;
        if (m === to) {
          const steps = [m];
          while (steps[0] !== from) steps.unshift(previous.get(steps[0] as string) as string);
          return steps;
        }
        for (const n of next(m))
          if (!previous.has(n)) {
            previous.set(n, m);
            queue.push(n);
          }
      }
      return undefined;
    };
    // Each edge that can be walked back to its start closes a cycle: the shortest one is reported,
    // once, starting from its first module in alphabetical order.
    const cycles = new Map<string, string>();
    for (const [a, out] of edges)
      for (const b of out.keys()) {
        const back = path(b, a);
        if (!back) continue;
        const ring = [a, ...back.slice(0, -1)];
        const start = ring.indexOf([...ring].sort()[0] as string);
        const turned = [...ring.slice(start), ...ring.slice(0, start)];
        const closed = [...turned, turned[0] as string];
        const key = closed.join(' → ');
        const via = closed.slice(0, -1).map((m, k) => edges.get(m)?.get(closed[k + 1] as string));
        cycles.set(key, `${key} (${via.join('; ')})`);
      }
    expect([...cycles.values()].sort()).toEqual([]);
  });

  it('keeps SQL fragments free of other modules’ code (only their fragments and models)', () => {
    const found: string[] = [];
    for (const file of files) {
      if (!isFragment(file.path)) continue;
      for (const c of crossings(file))
        if (!isFragment(c.target) && !/\.models(\.[jt]s)?$/.test(c.target))
          found.push(`${shown(file.path)} → ${c.spec}`);
    }
    expect(found).toEqual([]);
  });

  it('names the sites table in SQL only in the sites module', () => {
    const found: string[] = [];
    for (const file of files) {
      if (file.module === 'sites') continue;
      file.text.split('\n').forEach((line, k) => {
        if (/\b(from|join)\s+sites\b(?![./-])/i.test(line) && !/^\s*(\/\/|\*)/.test(line))
          found.push(`${shown(file.path)}:${k + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });

  it("names the alarms module's tables in SQL only in the alarms module (others use alarms.sql.ts)", () => {
    const tables =
      'alarms|alarm_events|alarm_search_tokens|alarm_counts|alarm_count_deltas|alarm_status_counts|alarm_status_count_deltas';
    const naming = new RegExp(`\\b(from|join|into|update)\\s+(${tables})\\b(?![./-])`, 'i');
    const found: string[] = [];
    for (const file of files) {
      if (file.module === 'alarms') continue;
      file.text.split('\n').forEach((line, k) => {
        if (naming.test(line) && !/^\s*(\/\/|\*)/.test(line))
          found.push(`${shown(file.path)}:${k + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });

  it('keeps lib/ free of modules', () => {
    const found: string[] = [];
    for (const path of sourcesUnder(libDir))
      for (const i of importsOf(readFileSync(path, 'utf8')))
        if (i.spec.startsWith('.') && inside(modulesDir, resolve(dirname(path), i.spec)))
          found.push(`${relative(src, path)} → ${i.spec}`);
    expect(found).toEqual([]);
  });
});
