import { describe, expect, it } from 'vitest';
import { logoProblem } from './logo-file';

describe('logo file checks', () => {
  it('accepts PNG and JPEG up to 2 MB', () => {
    expect(logoProblem({ type: 'image/png', size: 10_000 })).toBeNull();
    expect(logoProblem({ type: 'image/jpeg', size: 2 * 1024 * 1024 })).toBeNull();
  });

  it('refuses other types, empty and oversized files in French', () => {
    expect(logoProblem({ type: 'image/svg+xml', size: 100 })).toBe('Le logo doit être une image PNG ou JPEG');
    expect(logoProblem({ type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toBe(
      'Le logo ne doit pas dépasser 2 Mo',
    );
    expect(logoProblem({ type: 'image/png', size: 0 })).toBe('Le fichier est vide');
  });
});
