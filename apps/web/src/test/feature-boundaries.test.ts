// Layering as in bulletproof-react: features never import each other; what two features
// share lives in components/ or lib/, and app/ is the only place where features meet. A relative
// import from one feature's folder into another's fails here, with the file and the import named.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const features = resolve(dirname(fileURLToPath(import.meta.url)), '../features');

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

const featureOf = (path: string) => relative(features, path).split(sep)[0];

describe('feature boundaries', () => {
  it('has no feature importing another feature', () => {
    const crossings: string[] = [];
    for (const file of sourcesUnder(features)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bfrom\s+'(\.[^']*)'|\bimport\(\s*'(\.[^']*)'\s*\)/g)) {
        const spec = (match[1] ?? match[2]) as string;
        const target = resolve(dirname(file), spec);
        const inFeatures = !relative(features, target).startsWith('..');
        if (inFeatures && featureOf(target) !== featureOf(file))
          crossings.push(`${relative(features, file)} → ${spec}`);
      }
    }
    expect(crossings).toEqual([]);
  });
});
