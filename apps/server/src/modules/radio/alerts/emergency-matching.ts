// Emergency detection: the cues that drop a match (negation before it, resolution after it,
// cancellers of the clause or of the whole message), and the matching of one clause against the
// keyword tables.
import { RULES_BY_FIRST_TOKEN } from './emergency-keywords';
import { type KeywordRule, list } from './emergency-rules';

// ---------------------------------------------------------------------------------------------
// Modifiers: negation, resolution, cancellers
// ---------------------------------------------------------------------------------------------

interface Cue {
  tokens: readonly string[];
  /** How many tokens may sit between the cue and the keyword. */
  maxGap: number;
}

const cue = (phrase: string, maxGap: number): Cue => ({ tokens: phrase.split(' '), maxGap });

/**
 * Negation cues, looked for just before a keyword in the same clause. A bare "pas" only counts right
 * before the keyword ("il n'est pas armé"): in "il ne répond pas il est inconscient" it negates nothing.
 * "plus" only negates in "(il n')y a plus de…": "de plus en plus de fumée" says the opposite.
 */
const NEGATION_CUES: readonly Cue[] = [
  cue('pas de', 3),
  cue('pas d', 3),
  cue('pas', 1),
  cue('aucun', 3),
  cue('aucune', 3),
  cue('sans', 2),
  cue('ni', 1),
  cue('y a plus', 2),
  cue('reste plus', 2),
  cue('jamais', 2),
  cue('rien', 3),
  cue('personne n', 2),
  cue('personne ne', 2),
  cue('personne de', 1),
];

/** Said just after a keyword, these mean it is over: "l'incendie est maîtrisé", "le feu est éteint". */
const RESOLUTION_CUES: readonly Cue[] =
  list(`eteint, eteinte, eteints, eteintes, maitrise, maitrisee, maitrises,
  maitrisees, sous controle, circonscrit, termine, terminee, fini, finie`).map((phrase) => cue(phrase, 3));

/**
 * Anywhere in the message, these say nothing is happening for real: a drill, a training, a radio
 * test, a false alarm, someone reported fine. Negated ("ce n'est pas un exercice") they do not count.
 */
export const MESSAGE_CANCELLERS =
  list(`exercice, exercices, simulation, simule, simulee, formation, test radio,
  essai radio, c est un test, ceci est un test, fausse alerte, fausses alertes, fausse alarme, fausses alarmes,
  va bien, vont bien, retour au calme, fin d intervention, c est normal, tout est normal, est normale,
  rien de grave`);

/**
 * These only cancel their own clause: "RAS au parking" says nothing of the next sentence, and reports
 * or yesterday's events are not happening now.
 */
const CLAUSE_CANCELLERS = list(`ras, rien a signaler, rien d anormal, levee de doute negative, rapport de,
  rapport d, rapport sur, compte rendu, main courante, hier, semaine derniere, nuit derniere`);
// ---------------------------------------------------------------------------------------------
// Matching
// ---------------------------------------------------------------------------------------------

export interface Match {
  rule: KeywordRule;
  start: number;
  /** Exclusive. */
  end: number;
  weight: number;
}

function matchesAt(tokens: readonly string[], phrase: readonly string[], at: number): boolean {
  return phrase.every((token, i) => tokens[at + i] === token);
}

/** Start positions of a phrase in the tokens. */
function positionsOf(tokens: readonly string[], phrase: readonly string[]): number[] {
  const positions: number[] = [];
  for (let at = 0; at + phrase.length <= tokens.length; at++) {
    if (matchesAt(tokens, phrase, at)) positions.push(at);
  }
  return positions;
}

/** The weight of a rule at a position, once its context is looked at. */
function contextualWeight(tokens: readonly string[], r: KeywordRule, start: number, end: number): number {
  const context = r.context;
  if (!context) return r.weight;
  const before = tokens.slice(Math.max(0, start - context.window), start);
  const after = context.side === 'around' ? tokens.slice(end, end + context.window) : [];
  const near = [...before, ...after].some((token) => context.words.includes(token));
  return near ? context.weight : r.weight;
}

/** Every rule occurrence in the clause, overlapping ones included. */
function findCandidates(tokens: readonly string[]): Match[] {
  const candidates: Match[] = [];
  tokens.forEach((token, start) => {
    for (const r of RULES_BY_FIRST_TOKEN.get(token) ?? []) {
      if (!matchesAt(tokens, r.tokens, start)) continue;
      const end = start + r.tokens.length;
      candidates.push({ rule: r, start, end, weight: contextualWeight(tokens, r, start, end) });
    }
  });
  return candidates;
}

/**
 * Keeps non-overlapping matches, longest first: "arme a feu" is a weapon, not a fire, and
 * "porte coupe feu" is a door. At equal length a neutral compound wins ("feu rouge" over "au feu"),
 * then the heavier rule.
 */
function selectLongest(candidates: readonly Match[]): Match[] {
  const ordered = [...candidates].sort(
    (a, b) =>
      b.end - b.start - (a.end - a.start) ||
      Number(a.rule.category !== null) - Number(b.rule.category !== null) ||
      b.weight - a.weight ||
      a.start - b.start,
  );
  const taken = new Set<number>();
  const kept: Match[] = [];
  for (const m of ordered) {
    const span = Array.from({ length: m.end - m.start }, (_, i) => m.start + i);
    if (span.some((i) => taken.has(i))) continue;
    for (const i of span) taken.add(i);
    kept.push(m);
  }
  return kept.sort((a, b) => a.start - b.start);
}

/** A negation cue ends at most `maxGap` tokens before the keyword. */
function isNegated(tokens: readonly string[], start: number): boolean {
  const before = tokens.slice(0, start);
  return NEGATION_CUES.some((c) =>
    positionsOf(before, c.tokens).some((at) => start - (at + c.tokens.length) <= c.maxGap),
  );
}

/** A resolution cue starts at most `maxGap` tokens after the keyword. */
function isResolved(tokens: readonly string[], end: number): boolean {
  const after = tokens.slice(end);
  return RESOLUTION_CUES.some((c) => positionsOf(after, c.tokens).some((at) => at <= c.maxGap));
}

/** A canceller phrase present in the clause and not itself negated. */
export function hasLiveCanceller(tokens: readonly string[], cancellers: readonly string[]): boolean {
  return cancellers.some((phrase) =>
    positionsOf(tokens, phrase.split(' ')).some((at) => !isNegated(tokens, at)),
  );
}

/** The keyword matches of one clause that really signal something happening now. */
export function liveMatches(tokens: readonly string[]): Match[] {
  if (hasLiveCanceller(tokens, CLAUSE_CANCELLERS)) return [];
  return selectLongest(findCandidates(tokens)).filter(
    (m) =>
      m.rule.category !== null && m.weight > 0 && !isNegated(tokens, m.start) && !isResolved(tokens, m.end),
  );
}
