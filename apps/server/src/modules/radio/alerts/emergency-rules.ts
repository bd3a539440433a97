// Emergency detection: how a keyword rule is written (a phrase, its category, its weight and the
// context words that change it), and the helpers the keyword tables are built with.
import type { EmergencyCategory } from '@vigie/contract/radio-traffic.contract';

/** Words near a keyword that change its weight (e.g. a knife is a threat only when someone holds it). */
export interface Context {
  words: readonly string[];
  /** 'before': only the tokens before the keyword count; 'around': both sides. */
  side: 'before' | 'around';
  /** How many tokens away the word may be. */
  window: number;
  /** Weight of the keyword when one of the words is near (0 neutralises it). */
  weight: number;
}

export interface KeywordRule {
  phrase: string;
  tokens: readonly string[];
  /** Null for a neutral compound: it only hides the alarming words it contains. */
  category: EmergencyCategory | null;
  /** Weight when no context applies. */
  weight: number;
  context?: Context;
}

/** A comma-separated list of phrases, so that long tables stay compact and readable. */
export function list(phrases: string): string[] {
  return phrases
    .split(',')
    .map((phrase) => phrase.trim().replace(/\s+/g, ' '))
    .filter((phrase) => phrase.length > 0);
}

export function rule(
  category: EmergencyCategory | null,
  phrase: string,
  weight: number,
  context?: Context,
): KeywordRule {
  return { phrase, tokens: phrase.split(' '), category, weight, ...(context ? { context } : {}) };
}

/** Rules of one category, grouped by weight. */
export function weighted(
  category: EmergencyCategory,
  groups: ReadonlyArray<[number, string]>,
): KeywordRule[] {
  return groups.flatMap(([weight, phrases]) => list(phrases).map((phrase) => rule(category, phrase, weight)));
}
