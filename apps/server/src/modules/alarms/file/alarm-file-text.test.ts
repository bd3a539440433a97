// The alarm file's entries and durations in the reader's language (issue 35): French unchanged by a
// byte (by default, and through the server's French translator), English and Spanish through the
// server's catalogues, every line of every kind translated.
import { entryText, fileDuration, frenchDuration } from '@vigie/contract/alarm-file-text';
import { describe, expect, it } from 'vitest';
import { type Language, translate } from '../../../lib/languages';
import { dateTimeSeconds, translatorOf } from './alarm-file-text';
import { frenchBefore, sampleEntries } from './alarm-file-text-test-support';

const numbers = new Map(sampleEntries.map((e) => [e.id, e.number]));
const when = (iso: string) => `<${iso.slice(11, 19)}>`;
const textOf = (t?: (m: string, v?: Record<string, unknown>) => string) =>
  sampleEntries.map((e) => {
    const { title, lines } = entryText(e, when, (id) => numbers.get(id), t);
    return [title, ...lines];
  });

/** French words the sample's fixed texts hold; none may be left in another language. */
const frenchWords = [
  'Affichée',
  'Remarque',
  'Période visionnée',
  'Capture',
  "Clip de l'alarme",
  'Enregistrement :',
  'Fait',
  ' au ',
  'Résultat',
  'Répondu',
  'Motif',
  'prévenus',
  'Référence',
  'Rectifi',
  'Intervention',
  'refusée',
  'Agent :',
  "Rapport de l'agent",
  'jointe',
  'Clôturée',
  'Note de résolution',
  'Dossier signé',
  'Empreinte',
];

describe('alarm file text', () => {
  it('writes French as before, by default and through the server’s French translator', () => {
    expect(textOf()).toEqual(frenchBefore);
    expect(textOf(translatorOf('fr'))).toEqual(frenchBefore);
    expect(textOf((m, v) => translate('fr', m, v))).toEqual(frenchBefore);
  });

  it('writes every entry in English', () => {
    const en = textOf(translatorOf('en'));
    expect(en[0]).toEqual(['Alarm shown to an operator', 'Shown to Léa Martin']);
    expect(en[2]).toEqual([
      'Video viewed',
      'Camera: Quai 3',
      'Period viewed: from <13:06:00> to <13:06:00>',
      'Alarm clip from <13:06:00> to <13:06:00>',
      'SHA-256 fingerprint: ab12',
      'Remark: Silhouette près du quai',
    ]);
    expect(en[3]).toEqual(['Video viewed', 'Camera: Quai 3', 'Snapshot of <13:06:00>']);
    expect(en[6]).toEqual(['Instruction', '[ ] Not done: Appeler le gérant', 'Remark: Injoignable']);
    expect(en[7]).toEqual([
      'Call',
      'M. Durand (Gérant) on 06 12 34 56 78, at <13:06:00>',
      'Outcome: Answered, correct password',
      'Corrected by entry no. 12',
    ]);
    expect(en[9]).toEqual(['Decision', 'Verification: false alarm', 'Reason: Chat vu à la caméra']);
    expect(en[10]).toEqual([
      'Authorities notified',
      'Fire brigade notified at <13:06:00>',
      'Reference: —',
      'Remark: Caserne de Lyon',
    ]);
    expect(en[11]).toEqual(['Correction', 'Corrects entry no. 8: Au second essai']);
    expect(en[13]).toEqual([
      'Response',
      'Response declined (Paul Petit, Entrepôt Nord) — Déjà sur une autre mission',
      'Officer: Paul Petit',
      '<13:06:00> — Declined',
    ]);
    expect(en[14]?.slice(1)).toEqual([
      'Response completed (Paul Petit, Entrepôt Nord)',
      'Officer: Paul Petit',
      '<13:06:00> — Completed',
      "Officer's report: RAS",
      '2 photos attached',
    ]);
    expect(en[15]).toEqual(['Closure', 'Closed by Léa Martin', 'Resolution note: Fausse alarme']);
    expect(en[16]).toEqual(['Closure', 'Closed automatically by Vigie']);
    expect(en[17]).toEqual([
      'File signature',
      'File signed by Léa Martin on <13:05:09>',
      'SHA-256 fingerprint of the signature: cd34',
    ]);
    const fixed = JSON.stringify(en)
      .replaceAll('Silhouette près du quai', '')
      .replaceAll('Chat vu à la caméra', '')
      .replaceAll('Appeler le gérant', '')
      .replaceAll('Visionner la caméra', '');
    expect(frenchWords.filter((w) => fixed.includes(w))).toEqual([]);
  });

  it('writes every entry in Spanish', () => {
    const es = textOf(translatorOf('es'));
    expect(es[5]).toEqual(['Consigna', '[x] Hecho: Visionner la caméra']);
    expect(es[8]).toEqual(['Llamada', 'Mme Leroy al 04 78, el <13:06:00>', 'Resultado: Sin respuesta']);
    expect(es[10]?.[1]).toBe('Aviso a Bomberos el <13:06:00>');
    expect(es[14]?.at(-1)).toBe('2 fotos adjuntas');
    expect(es[15]).toEqual(['Cierre', 'Cerrada por Léa Martin', 'Nota de resolución: Fausse alarme']);
    expect(es[17]?.[1]).toBe('Expediente firmado por Léa Martin el <13:05:09>');
  });

  it('keeps a summary it cannot read back as it was written', () => {
    const [entry] = sampleEntries.filter((e) => e.kind === 'intervention');
    if (entry?.kind !== 'intervention') throw new Error('no intervention sample');
    const odd = { ...entry, data: { ...entry.data, summary: 'Écrit autrement' } };
    expect(entryText(odd, when, () => undefined, translatorOf('en')).lines[0]).toBe('Écrit autrement');
  });

  it('writes durations in the language', () => {
    const cases: [number | null, Record<Language, string>][] = [
      [null, { fr: '—', en: '—', es: '—' }],
      [12, { fr: '12 s', en: '12 s', es: '12 s' }],
      [125, { fr: '2 min 05 s', en: '2 min 05 s', es: '2 min 05 s' }],
      [3780, { fr: '1 h 03 min', en: '1 h 03 min', es: '1 h 03 min' }],
      [3 * 86400 + 4 * 3600, { fr: '3 j 4 h', en: '3 d 4 h', es: '3 d 4 h' }],
    ];
    for (const [seconds, want] of cases) {
      expect(frenchDuration(seconds)).toBe(want.fr);
      for (const language of ['fr', 'en', 'es'] as const)
        expect(fileDuration(seconds, translatorOf(language)), `${seconds} ${language}`).toBe(want[language]);
    }
  });

  it('writes instants with their seconds in the language', () => {
    const at = '2026-11-21T13:05:09.000Z';
    expect(dateTimeSeconds('fr', at, 'Europe/Paris')).toBe('21/11/2026 14:05:09');
    expect(dateTimeSeconds('en', at, 'Europe/London')).toBe('21/11/2026, 13:05:09');
    expect(dateTimeSeconds('es', at, 'America/New_York')).toBe('21/11/2026, 08:05:09');
  });
});
