// Emergency detection: the normalisation of a transcript into clauses of tokens (lower case, no
// accents, elisions and hyphens split), on which the keyword tables are matched.

/** Punctuation that ends a clause: negation and context never reach across it. */
const CLAUSE_BREAK = /[.,;:!?…()[\]"«»\n\r]+/;
/** Words that start a new clause in oral style, where transcripts often lack commas. */
const CLAUSE_WORDS = new Set(['mais']);

/** Lower case, no accents, no ligatures, letters shouted 3+ times collapsed ("secouuurs" → "secours"). */
function foldText(text: string): string {
  return text
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/(\p{L})\1{2,}/gu, '$1');
}

/**
 * Tokens of one clause. Every character that is not a letter or a digit separates tokens, which
 * splits elisions ("l'aide" → "l aide", also with the typographic ’) and hyphenated words
 * ("coupe-feu" → "coupe feu", "aidez-moi" → "aidez moi").
 */
function tokenise(clause: string): string[] {
  return clause
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .split(' ')
    .filter((token) => token.length > 0);
}

export function normaliseClauses(text: string): string[][] {
  const clauses: string[][] = [];
  for (const chunk of foldText(text).split(CLAUSE_BREAK)) {
    let current: string[] = [];
    for (const token of tokenise(chunk)) {
      if (CLAUSE_WORDS.has(token)) {
        if (current.length > 0) clauses.push(current);
        current = [];
      } else {
        current.push(token);
      }
    }
    if (current.length > 0) clauses.push(current);
  }
  return clauses;
}

/** The normalised tokens of a transcript (all clauses, in order). */
export function normaliseTranscript(text: string): string[] {
  return normaliseClauses(text).flat();
}
