// The overview's French texts (system health) as catalogue messages, and the overview put in the
// reader's language. The overview is kept in memory once per company (plugins/read-cache.ts), in
// French: it is translated on the way out, from its written-out texts, which the catalogue's
// messages with arguments are matched back to (lib/languages.ts).
import type { DashboardOverview, SystemComponent } from '@vigie/contract/dashboard.contract';
import { type Language, translate } from '../../lib/languages';

/** Each id is the French text itself (apps/server/src/locales/{en,es}/payloads.json). */
export const healthTexts = {
  cameras: 'Caméras',
  panels: 'Alarmes',
  receiver: 'Réception des alarmes',
  access: 'Accès',
  agents: 'Agents',
  camerasOnline: '{online}/{total} caméras en ligne, disponibilité sur 24 h',
  camerasUnmeasured: 'Aucune mesure de disponibilité sur 24 h',
  noCamera: 'Aucune caméra installée',
  panelLive: "{live}/{panels} centrale d'alarme a émis un signal de vie dans les 10 dernières minutes",
  panelsLive: "{live}/{panels} centrales d'alarme ont émis un signal de vie dans les 10 dernières minutes",
  noPanel: "Aucune centrale d'alarme raccordée",
  dc09Panel: '{total} centrale DC-09, dont {lost} en perte de liaison',
  dc09Panels: '{total} centrales DC-09, dont {lost} en perte de liaison',
  accessResponding: "{responding}/{points} points d'accès actifs ont répondu dans les 10 dernières minutes",
  noAccessPoint: "Aucun point d'accès raccordé",
  agentsOnTime: "{present}/{expected} gardes en cours prises à l'heure",
  noShift: 'Aucune garde en cours',
} as const;

/** A health text in French, written out (the cached overview's form). */
export const french = (message: string, values?: Record<string, unknown>) => translate('fr', message, values);

/**
 * A health line joins its parts with « ; » (the API panels and the DC-09 ones, the receiver and its
 * Sur-Gard input): each part is its own message, translated alone.
 */
const PART_SEPARATOR = ' ; ';

function inLanguage(language: Language, text: string): string {
  return text
    .split(PART_SEPARATOR)
    .map((part) => translate(language, part))
    .join(PART_SEPARATOR);
}

/** The overview with its system health's names and descriptions in that language (French: as is). */
export function overviewInLanguage(language: Language, overview: DashboardOverview): DashboardOverview {
  if (language === 'fr') return overview;
  return {
    ...overview,
    systemHealth: overview.systemHealth.map(
      (c): SystemComponent => ({
        ...c,
        name: inLanguage(language, c.name),
        description: inLanguage(language, c.description),
      }),
    ),
  };
}
