import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download';

describe('fileNameOf', () => {
  it('reads the quoted name the server gives', () => {
    expect(fileNameOf('attachment; filename="clip-Hall-20261129-071500.mp4"')).toBe(
      'clip-Hall-20261129-071500.mp4',
    );
  });
  it('prefers the UTF-8 name and decodes it', () => {
    expect(
      fileNameOf(`attachment; filename="rapport.pdf"; filename*=UTF-8''rapport%20s%C3%BBret%C3%A9.pdf`),
    ).toBe('rapport sûreté.pdf');
  });
  it('falls back to the plain name on a malformed escape, and answers null without a name', () => {
    expect(fileNameOf(`attachment; filename="a.pdf"; filename*=UTF-8''%E0%A4%A`)).toBe('a.pdf');
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
    expect(fileNameOf('attachment; filename=plain.csv')).toBe('plain.csv');
  });
});
