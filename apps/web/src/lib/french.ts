// French elision for sentences built around a name: « les informations d'Entrepôt Nord », not
// « de Entrepôt Nord ». One helper so every such sentence elides the same way.
//
// Elided before a vowel (accents and ligatures included). A leading « h » is not elided: whether it
// is silent (« l'hôtel ») or aspirated (« le hangar ») depends on the word, and a wrong « d' » reads
// worse than a missing one; names starting with a digit or a symbol keep the full word too.
const vowelStart = /^[aeiouyàâäéèêëîïôöùûüÿæœ]/i;

/** True when a word placed before `name` must be elided (« de » → « d' »). */
export function startsWithVowelSound(name: string): boolean {
  return vowelStart.test(name.trim());
}

/** « de » or « d' » followed by the name (the specification's straight apostrophe, no space after it). */
export function deName(name: string): string {
  return startsWithVowelSound(name) ? `d'${name.trim()}` : `de ${name.trim()}`;
}

/** « le » or « l' » followed by the name. */
export function leName(name: string): string {
  return startsWithVowelSound(name) ? `l'${name.trim()}` : `le ${name.trim()}`;
}

/** « que » or « qu' » followed by the name. */
export function queName(name: string): string {
  return startsWithVowelSound(name) ? `qu'${name.trim()}` : `que ${name.trim()}`;
}

/**
 * The city of a French postal address (« 12 avenue des Pins, 13008 Marseille » → « Marseille »):
 * the words after the last 5-digit postal code, without a CEDEX mention; null when there is none.
 */
export function cityOfAddress(address: string | null | undefined): string | null {
  const match = /\b\d{5}\s+([^,\d]+?)(?:\s+cedex(?:\s*\d*)?)?\s*(?:,|$)/i.exec(address ?? '');
  return match?.[1]?.trim() || null;
}
