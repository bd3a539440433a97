// The rules' French messages with their arguments (ids of the catalogues in
// locales/{en,es}/planning.json), written in the reader's language by `say`. The French text a
// message writes is the one the rules always wrote (their tests assert it byte for byte).
import { type Language, translate } from '../../../lib/languages';

export const ruleMessages = {
  overlap: "L'agent a déjà une garde qui chevauche ce créneau ({spans}).",
  maxShiftHours:
    'Une garde ne peut dépasser 12 h de travail ({worked} prévues) : scindez-la en plusieurs services.',
  maxDailyHours: 'Plus de 12 h de travail sur la journée du {day} : {worked} (maximum 12 h).',
  minRest: 'Repos insuffisant : {rest} entre deux services (minimum 12 h).',
  maxWeeklyHours: 'Plus de 48 h de travail sur 7 jours glissants : {worked} {span} (maximum 48 h).',
  restAfter48h:
    'Repos insuffisant après {worked} de travail : {rest} avant le service suivant (minimum 24 h après 48 h de travail).',
  nightToDayRest: 'Repos insuffisant entre un service de nuit et un service de jour : {rest} (minimum 10 h).',
  maxConsecutiveDays: 'Plus de 6 jours de travail consécutifs : {count} jours du {first} au {last}.',
  minDuration: 'Une période de travail doit durer au moins 4 h ({worked} prévues).',
  noCnapsCard: "L'agent n'a pas de carte professionnelle CNAPS.",
  cnapsExpired: 'Carte professionnelle CNAPS expirée le {day}.',
  cnapsEndsDuring:
    "Carte professionnelle CNAPS valide jusqu'au {day} seulement : la garde se poursuit le {next}.",
  qualificationMissing: 'Qualification requise manquante ou expirée : {qualificationLabel}.',
  span: 'du {start} au {end}',
} as const;

/**
 * The licence alerts' messages (an agent's record, and the daily notification that stores them with
 * their values and writes them in each recipient's language).
 */
export const licenceMessages = {
  cnaps_missing: 'Aucune carte professionnelle CNAPS enregistrée.',
  cnaps_expired: 'Carte professionnelle CNAPS expirée le {date}',
  cnaps_expiring: 'Carte professionnelle CNAPS expire le {date}',
  qualification_expired: '{qualificationLabel} expiré le {date}',
  qualification_expiring: '{qualificationLabel} expire le {date}',
} as const;

/** A message in the language (a `…Label` argument is a French text, translated with it). */
export const say = (language: Language, message: string, values?: Record<string, unknown>) =>
  translate(language, message, values);
