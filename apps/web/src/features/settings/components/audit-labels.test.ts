import { describe, expect, it } from 'vitest';
import { actionLabel, describeDetails } from './audit-labels';

describe('audit journal labels', () => {
  it('names known actions in French and keeps unknown codes', () => {
    expect(actionLabel('settings.security_updated')).toBe('Sécurité modifiée');
    expect(actionLabel('something.new')).toBe('something.new');
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
