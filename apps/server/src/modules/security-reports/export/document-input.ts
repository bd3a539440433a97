// What every security report document prints, prepared on the request's thread (texts and dates in
// the requester's language and timezone) and handed to a worker thread, which only lays it out (its
// fixed texts in `language`).
import { legalMention } from '@vigie/contract/security-reports.contract';
import { frenchDateTime } from '../../../lib/french-date-time';
import { type Language, translate } from '../../../lib/languages';

export interface DocImage {
  /** PNG or JPEG bytes (a Uint8Array after the structured clone to the worker). */
  data: Uint8Array;
  type: 'png' | 'jpg';
  width: number;
  height: number;
}

export interface DocumentInput {
  language: Language;
  company: {
    name: string;
    address: string | null;
    siret: string | null;
    cnapsAuthorisation: string | null;
    logo: DocImage | null;
  };
  report: {
    number: string;
    statusLabel: string;
    final: boolean;
    siteName: string;
    period: string;
    geolocation: string;
    responsibleName: string;
    generatedByName: string;
    createdAt: string;
    finalizedAt: string | null;
    incidents: { type: string; description: string; measuresTaken: string }[];
    interventions: { time: string; agentName: string; description: string }[];
    /** Réparations, Améliorations, Observations, Commentaires, in this order. */
    sections: { title: string; text: string }[];
  };
  signature: DocImage | null;
  fingerprint: string | null;
  verificationUrl: string | null;
  legalMention: string;
  generatedAt: string;
}

/** A fixed text of the document in its language. */
export const say = (i: DocumentInput, text: string, values?: Record<string, unknown>) =>
  translate(i.language, text, values);

/**
 * The title lines every format prints the same way. The CNAPS authorisation is a mention French law
 * requires (article L612-14 CSI): it stays in French, its translation beside it.
 */
export const cnapsLine = (i: DocumentInput) => {
  const french = `Autorisation d'exercice CNAPS : ${i.company.cnapsAuthorisation ?? 'non renseignée'}`;
  return i.language === 'fr' ? french : `${french} (${say(i, "Autorisation d'exercice CNAPS")})`;
};

/** The legal mention in French, then (in another language) its translation. */
export const legalMentionLines = (i: DocumentInput) =>
  i.language === 'fr' ? [i.legalMention] : [i.legalMention, say(i, legalMention)];

export const infoRows = (i: DocumentInput): [string, string][] =>
  (
    [
      ['Numéro', i.report.number],
      ['Statut', i.report.statusLabel],
      ['Site', i.report.siteName],
      ['Période', i.report.period],
      ['Géolocalisation', i.report.geolocation],
      ['Responsable', i.report.responsibleName],
      ['Établi par', i.report.generatedByName],
      ['Créé le', i.report.createdAt],
      ...(i.report.finalizedAt ? ([['Finalisé le', i.report.finalizedAt]] as [string, string][]) : []),
    ] as [string, string][]
  ).map(([label, value]) => [say(i, label), value]);

/** The footer's line after the company and its CNAPS authorisation. */
export const editionText = (i: DocumentInput) =>
  say(i, 'Rapport {number} — édité le {date}', { number: i.report.number, date: i.generatedAt });

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
/** '21/11/2026 14:05' in French (as always), '21/11/2026, 14:05' in en-GB and es-ES. */
export function localDateTime(language: Language, at: Date | string, timezone: string) {
  if (language === 'fr') return frenchDateTime(at, timezone);
  const key = `${language}|${timezone}`;
  let f = dateTimeFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'es-ES', {
      timeZone: timezone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    dateTimeFormats.set(key, f);
  }
  return f.format(at instanceof Date ? at : new Date(at));
}

export const fit = (img: DocImage, maxW: number, maxH: number) => {
  const scale = Math.min(maxW / img.width, maxH / img.height, 1);
  return { width: Math.round(img.width * scale), height: Math.round(img.height * scale) };
};
