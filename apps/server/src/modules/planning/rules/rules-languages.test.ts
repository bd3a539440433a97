// The rules' messages in English and Spanish: every one has its translation, and the dates and
// spans they carry are written for the language (French ones are the rules' own tests').
import { readCatalogue } from '@vigie/contract/i18n/catalogue-files';
import { describe, expect, it } from 'vitest';
import { catalogueDirs } from '../../../lib/languages';
import { formatDateTime, formatDay } from './format';
import { licenceAlerts } from './licence-rules';
import { licenceMessages, ruleMessages } from './messages';
import { check, licensed, svc } from './rules-test-support';

describe("the rules' messages", () => {
  it.each(['en', 'es'] as const)('all have a translation in %s', (language) => {
    const catalogue = readCatalogue(catalogueDirs, language);
    const missing = [...Object.values(ruleMessages), ...Object.values(licenceMessages)].filter(
      (id) => !catalogue[id]?.trim(),
    );
    expect(missing).toEqual([]);
  });

  it('writes days and instants the French way in French, through Intl otherwise', () => {
    const at = new Date('2026-03-12T19:05:00Z');
    expect(formatDay('2026-03-02')).toBe('02/03/2026');
    expect(formatDay('2026-03-02', 'en')).toBe('02/03/2026');
    expect(formatDay('2026-03-02', 'es')).toBe('02/03/2026');
    expect(formatDateTime(at, 'Europe/Paris')).toBe('12/03/2026 20:05');
    expect(formatDateTime(at, 'Europe/Paris', 'en')).toBe('12/03/2026, 20:05');
    expect(formatDateTime(at, 'America/New_York', 'es')).toBe('12/03/2026, 15:05');
  });

  it('writes a 7-day span and consecutive days in the language', () => {
    const week = ['12', '13', '14', '15', '16', '17'].map((d, i) =>
      svc(`s${i}`, `2026-01-${d}`, '08:00', '17:00', ['12:00', '13:00']),
    );
    const seventh = svc('c', '2026-01-18', '08:00', '17:00', ['12:00', '13:00']);
    const en = check(seventh, week, { language: 'en' });
    expect(en.find((v) => v.code === 'max_consecutive_days')?.message).toBe(
      'More than 6 consecutive working days: 7 days from 12/01/2026 to 18/01/2026.',
    );
    const es = check(seventh, week, { language: 'es' });
    expect(es.find((v) => v.code === 'max_consecutive_days')?.message).toBe(
      'Más de 6 días de trabajo consecutivos: 7 días del 12/01/2026 al 18/01/2026.',
    );
  });

  it('writes licence rules and alerts in the language, a qualification label translated', () => {
    const agent = { ...licensed, cnapsExpiresOn: '2026-01-12' };
    const night = svc('c', '2026-01-12', '20:00', '06:00');
    expect(check(night, [], { agent, language: 'en' })[0]?.message).toBe(
      'CNAPS professional card valid only until 12/01/2026: the shift continues on 13/01/2026.',
    );
    expect(check(night, [], { agent, language: 'es', requiredQualifications: ['CYNOPHILE'] })).toEqual([
      {
        code: 'cnaps_invalid',
        message:
          'Tarjeta profesional CNAPS válida solo hasta el 12/01/2026: el turno continúa el 13/01/2026.',
        overridable: false,
      },
      {
        code: 'qualification_missing',
        message: 'Cualificación requerida ausente o caducada: Guía canino.',
        overridable: false,
      },
    ]);
    const alerts = licenceAlerts({ ...agent, qualifications: [] }, '2026-02-01', 'en');
    expect(alerts).toEqual([
      {
        kind: 'cnaps_expired',
        expiresOn: '2026-01-12',
        message: 'CNAPS professional card expired on 12/01/2026',
      },
    ]);
  });
});
