// The field mapping names server codes by hand: this keeps it from drifting from what the server's
// error factories really send (a renamed code would silently fall back to a toast).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fieldOfCode } from './field-errors';

const modules = join(import.meta.dirname, '../../../server/src/modules');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('fieldOfCode', () => {
  it('names only codes that a server error factory sends', () => {
    const server = sources(modules)
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    for (const code of Object.keys(fieldOfCode)) {
      expect(server, code).toMatch(
        new RegExp(`(conflict|forbidden|AppError)\\([^)]*'${code.replace('.', '\\.')}'`),
      );
    }
  });
});
