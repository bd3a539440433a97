// Search words as the database cuts them (migration 0029, docs/decisions/0014): the server's token
// searches and the web app's searchable lists match the same way — accents, case and ligatures aside,
// each word of a search starting a word of the text.

// vigie_fold's translate() pairs (migration 0002), one to one.
const ACCENTED = 'àáâãäåÀÁÂÃÄÅçÇèéêëÈÉÊËìíîïÌÍÎÏñÑòóôõöøÒÓÔÕÖØùúûüÙÚÛÜýÿÝŸ';
const PLAIN = 'aaaaaaaaaaaacceeeeeeeeiiiiiiiinnoooooooooooouuuuuuuuyyyy';
const plainOf = new Map([...ACCENTED].map((c, i) => [c, PLAIN[i] as string]));

/** vigie_fold in JavaScript: the same accents, then lower case, then the ligatures. */
export function fold(text: string): string {
  return [...text]
    .map((c) => plainOf.get(c) ?? c)
    .join('')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae');
}

/** Tokens are cut to this length in the database (vigie_tokens), so search words are too. */
const TOKEN_LENGTH = 32;
/** Words of one search kept; a longer search only narrows what the first ones found. */
const MAX_WORDS = 8;

/** vigie_tokens in JavaScript: the folded words of a text, cut to TOKEN_LENGTH, each once. */
export function tokensOf(text: string): string[] {
  return [
    ...new Set(
      fold(text)
        .split(/[^a-z0-9]+/)
        .filter((w) => w !== '')
        .map((w) => w.slice(0, TOKEN_LENGTH)),
    ),
  ];
}

/**
 * The search's words, folded, each once; a word that begins another one is implied by it ("port
 * portail" is "portail") and dropped.
 */
export function searchWords(search: string): string[] {
  const words = tokensOf(search);
  return words.filter((w) => !words.some((o) => o !== w && o.startsWith(w))).slice(0, MAX_WORDS);
}
