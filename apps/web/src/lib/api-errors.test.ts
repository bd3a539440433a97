import { describe, expect, it } from 'vitest';
import { ApiError, detailToMessage, errorMessage, GENERIC_ERROR } from './api-errors';

// A string as is, a list joined with commas, an object's msg or its JSON.
describe('detailToMessage', () => {
  it('shows a string detail as it is', () => {
    expect(detailToMessage('Site introuvable')).toBe('Site introuvable');
  });

  it('joins the msg of each validation item with commas', () => {
    expect(
      detailToMessage([
        { loc: ['body', 'name'], msg: 'Le nom est obligatoire', type: 'too_small' },
        { loc: ['body', 'email'], msg: 'Adresse e-mail invalide', type: 'invalid_format' },
      ]),
    ).toBe('Le nom est obligatoire, Adresse e-mail invalide');
  });

  it("shows an object's msg, or its JSON", () => {
    expect(detailToMessage({ msg: 'Erreur de validation' })).toBe('Erreur de validation');
    expect(detailToMessage({ code: 42 })).toBe('{"code":42}');
  });

  it('has nothing to say for an empty detail', () => {
    expect(detailToMessage('')).toBeNull();
    expect(detailToMessage(undefined)).toBeNull();
  });
});

describe('errorMessage', () => {
  it("uses the server's message, else the screen's fallback, else the generic text", () => {
    expect(errorMessage(new ApiError(409, 'x', 'Cette alarme est déjà acquittée'))).toBe(
      'Cette alarme est déjà acquittée',
    );
    expect(errorMessage(new TypeError('Failed to fetch'), "Impossible d'ajouter la caméra")).toBe(
      "Impossible d'ajouter la caméra",
    );
    expect(errorMessage(new Error('boom'))).toBe(GENERIC_ERROR);
  });
});
