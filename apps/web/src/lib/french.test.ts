import { describe, expect, it } from 'vitest';
import { cityOfAddress, deName, leName, queName, startsWithVowelSound } from './french';

describe('French elision around a name', () => {
  it('elides before a vowel, accented or not, whatever the case', () => {
    expect(deName('Entrepôt Nord')).toBe("d'Entrepôt Nord");
    expect(deName('entrée B')).toBe("d'entrée B");
    expect(deName('Îlot Sud')).toBe("d'Îlot Sud");
    expect(deName('Œuvre')).toBe("d'Œuvre");
    expect(leName('Accueil')).toBe("l'Accueil");
    expect(queName('Yann')).toBe("qu'Yann");
  });

  it('keeps the full word before a consonant, an « h », a digit or a symbol', () => {
    expect(deName('Résidence Les Pins')).toBe('de Résidence Les Pins');
    expect(deName('Hôtel de ville')).toBe('de Hôtel de ville');
    expect(deName('3 rue Pasteur')).toBe('de 3 rue Pasteur');
    expect(leName('« Quai 3 »')).toBe('le « Quai 3 »');
    expect(queName('Marie')).toBe('que Marie');
    expect(startsWithVowelSound('  Alpha')).toBe(true);
  });

  it('reads the city of a French postal address', () => {
    expect(cityOfAddress('12 avenue des Pins, 13008 Marseille')).toBe('Marseille');
    expect(cityOfAddress('ZI des Hauts, 59000 Lille Cedex 2')).toBe('Lille');
    expect(cityOfAddress('5 rue de la Paix, 75002 Paris, France')).toBe('Paris');
    expect(cityOfAddress('Zone portuaire')).toBeNull();
    expect(cityOfAddress(null)).toBeNull();
  });
});
