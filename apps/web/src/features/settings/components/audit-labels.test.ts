import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { actionLabel, describeDetails } from './audit-labels';

const serverSources = join(import.meta.dirname, '../../../../../server/src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * The action codes the server writes as literals: `action: 'x.y'` and the modules' small audit
 * helpers called with a code (`audited(tx, auth, id, 'shift.updated', …)`).
 */
function auditCodes(): string[] {
  const codes = new Set<string>();
  const call = /(?:action: |(?:udit|audited|changed)\([^;]*?)'([a-z_]+\.[a-z_]+)'/g;
  for (const file of sources(serverSources)) {
    for (const match of readFileSync(file, 'utf8').matchAll(call)) codes.add(match[1] as string);
  }
  return [...codes];
}

describe('audit journal labels', () => {
  it('names known actions in French and keeps unknown codes', () => {
    expect(actionLabel('settings.security_updated')).toBe('Sécurité modifiée');
    expect(actionLabel('something.new')).toBe('something.new');
  });

  it('names in French every action the server writes to the journal', () => {
    const codes = auditCodes();
    expect(codes.length).toBeGreaterThan(40);
    const untitled = codes.filter((code) => actionLabel(code) === code);
    expect(untitled).toEqual([]);
  });

  it('summarises details on one bounded line', () => {
    expect(describeDetails(null)).toBe('');
    expect(describeDetails({ fields: ['name', 'phone'], ip: '203.0.113.4', gone: null })).toBe(
      'fields : name, phone · ip : 203.0.113.4',
    );
    expect(describeDetails({ nested: { a: 1 } })).toBe('nested : {"a":1}');
    expect(describeDetails({ text: 'x'.repeat(400) })).toHaveLength(300);
  });
});
