// Decision 0022 keeps the session token in localStorage because nothing can run a script in the
// page: the Content-Security-Policy allows scripts from our origin only, and the app never turns
// text into markup or code. This test keeps the second half true: it fails, naming the file, on any
// way of writing HTML or evaluating code from a string in the web app's sources.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const forbidden = [
  /dangerouslySetInnerHTML/,
  /\.(inner|outer)HTML\s*=/,
  /insertAdjacentHTML/,
  /document\.write/,
  /\beval\s*\(/,
  /new\s+Function\s*\(/,
  /setTimeout\s*\(\s*['"`]/,
  /createContextualFragment/,
];

describe('no HTML or code from strings in the web app', () => {
  it('has no innerHTML, dangerouslySetInnerHTML, eval or string timers', () => {
    const found: string[] = [];
    for (const file of sourcesUnder(src)) {
      const text = readFileSync(file, 'utf8');
      for (const pattern of forbidden)
        if (pattern.test(text)) found.push(`${relative(src, file)}: ${pattern}`);
    }
    expect(found).toEqual([]);
  });
});
