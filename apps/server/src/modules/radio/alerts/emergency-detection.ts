// Emergency detection in French radio transcripts (push-to-talk traffic of private security guards).
//
// Pure and deterministic: no I/O, nothing learnt (it imports only the contract's category list). The transcript is normalised into
// clauses of tokens, then matched against weighted keyword tables (whole tokens only, so "alarme"
// never matches "arme" and "volet" never matches "vol"). A match is dropped when a negation cue
// precedes it ("pas de blessé", "aucune fumée"), when a resolution cue follows it ("l'incendie est
// maîtrisé"), or when it is part of a routine compound ("feu rouge", "porte coupe-feu", "issue de
// secours"). Drills, radio tests and false alarms cancel the whole message.
//
// Detection is made from the WORDS only. There is deliberately no inference from the voice, its
// tone, stress or emotion: inferring the emotions of people at the workplace is a prohibited AI
// practice in the EU (AI Act, art. 5(1)(f); its medical/safety exception is narrow and not relied on
// here), and the words are what the control room acts on anyway.
// The result is an aid for the control room operator, who stays in charge of the decision.
//
// The labelled corpus used to tune the tables, and what was measured on sentences written after
// the tables, are in emergency-detection.corpus.ts.
//
// The normalisation is in emergency-text.ts, the shape of a rule in emergency-rules.ts, the keyword
// tables in emergency-keywords.ts, the cues and the matching in emergency-matching.ts; this file
// scores the matches and gives the public analysis.

// The categories and their labels are the contract's (the web shows them); re-exported for callers.
import {
  type EmergencyCategory,
  emergencyCategories,
  emergencyCategoryLabels,
} from '@vigie/contract/radio-traffic.contract';
import { hasLiveCanceller, liveMatches, type Match, MESSAGE_CANCELLERS } from './emergency-matching';
import { normaliseClauses } from './emergency-text';

export { normaliseTranscript } from './emergency-text';
export { type EmergencyCategory, emergencyCategories, emergencyCategoryLabels };

export const recommendations: Record<EmergencyCategory | 'none', string> = {
  agression: 'Envoyer des renforts et prévenir le 17',
  arme: 'Ne pas intervenir seul : confinement, renforts et prévenir le 17',
  incendie: "Déclencher l'évacuation et prévenir le 18",
  blesse: 'Porter les premiers secours et prévenir le 15',
  intrusion: "Envoyer une patrouille vérifier et prévenir le 17 si l'intrusion est confirmée",
  appel_aide: "Contacter l'agent immédiatement et envoyer le plus proche",
  none: 'Aucune action requise',
};

export interface EmergencyAnalysis {
  emergencyDetected: boolean;
  /** 0..1, rounded to 2 decimals. */
  score: number;
  /** Null when no emergency is detected. */
  category: EmergencyCategory | null;
  /** The matched phrases as written in the keyword tables (normalised: lower case, no accents). */
  keywords_found: string[];
  recommendation: string;
}

/** A message scoring at least this is an emergency: one strong keyword is enough, weak ones need company. */
export const EMERGENCY_THRESHOLD = 0.5;

/** Added to the best weight for each further distinct keyword: several cues make an emergency likelier. */
const EXTRA_MATCH_BONUS = 0.1;
/** Added once when a keyword is repeated ("urgence urgence urgence"): repetition is how guards shout on air. */
const REPETITION_BONUS = 0.1;
/**
 * A call for help says how urgent it is, not what happens. When the message also names the nature of
 * the emergency ("au secours, on m'agresse"), the nature must win the category, hence this discount.
 */
const HELP_CALL_CATEGORY_FACTOR = 0.5;
/** Tie-break between categories of equal weight: the most dangerous first. */
const CATEGORY_PRIORITY: readonly EmergencyCategory[] = [
  'arme',
  'incendie',
  'blesse',
  'agression',
  'intrusion',
  'appel_aide',
];

// ---------------------------------------------------------------------------------------------
// Scoring
// ---------------------------------------------------------------------------------------------

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Best weight, plus a bonus per further distinct keyword and one for repetition, capped at 1. */
function scoreOf(matches: readonly Match[]): number {
  if (matches.length === 0) return 0;
  const bestByPhrase = new Map<string, number>();
  for (const m of matches)
    bestByPhrase.set(m.rule.phrase, Math.max(m.weight, bestByPhrase.get(m.rule.phrase) ?? 0));
  const best = Math.max(...bestByPhrase.values());
  const repeated = matches.length > bestByPhrase.size;
  const raw = best + EXTRA_MATCH_BONUS * (bestByPhrase.size - 1) + (repeated ? REPETITION_BONUS : 0);
  return round2(Math.min(1, raw));
}

/**
 * The category with the highest total weight (calls for help discounted), ties to the most dangerous.
 * A weapon decides alone: it changes the response (nobody goes in alone), whatever else is said.
 */
function categoryOf(matches: readonly Match[]): EmergencyCategory | null {
  if (matches.some((m) => m.rule.category === 'arme' && m.weight >= EMERGENCY_THRESHOLD)) return 'arme';
  const totals = new Map<EmergencyCategory, number>();
  for (const m of matches) {
    const category = m.rule.category;
    if (category === null) continue;
    const factor = category === 'appel_aide' ? HELP_CALL_CATEGORY_FACTOR : 1;
    totals.set(category, (totals.get(category) ?? 0) + m.weight * factor);
  }
  let best: EmergencyCategory | null = null;
  for (const category of CATEGORY_PRIORITY) {
    const total = totals.get(category) ?? 0;
    if (total > 0 && (best === null || total > (totals.get(best) ?? 0))) best = category;
  }
  return best;
}

/** Analyses one transcript: whether it is an emergency, how sure, of what kind, and what to do. */
export function analyseTranscript(text: string): EmergencyAnalysis {
  const clauses = normaliseClauses(text);
  const cancelled = clauses.some((tokens) => hasLiveCanceller(tokens, MESSAGE_CANCELLERS));
  const matches = cancelled ? [] : clauses.flatMap(liveMatches);
  const score = scoreOf(matches);
  const emergencyDetected = score >= EMERGENCY_THRESHOLD;
  const category = emergencyDetected ? categoryOf(matches) : null;
  return {
    emergencyDetected,
    score,
    category,
    keywords_found: [...new Set(matches.map((m) => m.rule.phrase))],
    recommendation: recommendations[category ?? 'none'],
  };
}
