// Licences on the candidate's local days: cnaps_invalid, qualification_missing.
import { describe, expect, it } from 'vitest';
import type { AgentLicences } from './licence-rules';
import type { Qualification, QualificationType } from './qualifications';
import { check, codesOf, licensed, svc } from './rules-test-support';

const q = (
  type: QualificationType,
  obtainedOn: string | null,
  expiresOn: string | null = null,
): Qualification => ({
  type,
  number: null,
  obtainedOn,
  expiresOn,
});
const day = svc('c', '2026-03-12', '08:00', '16:00');
const night = svc('c', '2026-03-12', '20:00', '08:00');
const untilMidnight = svc('c', '2026-03-12', '16:00', '00:00');

describe('cnaps_invalid', () => {
  const withExpiry = (cnapsExpiresOn: string): AgentLicences => ({ ...licensed, cnapsExpiresOn });
  it.each([
    ['expired the day before', day, '2026-03-11', 'Carte professionnelle CNAPS expirée le 11/03/2026.'],
    ['expiring on the day', day, '2026-03-12', null],
    [
      'expiring during a night that runs into the next day',
      night,
      '2026-03-12',
      "Carte professionnelle CNAPS valide jusqu'au 12/03/2026 seulement : la garde se poursuit le 13/03/2026.",
    ],
    ['expiring the day a night ends', night, '2026-03-13', null],
    ['expiring on the day of a service ending at midnight', untilMidnight, '2026-03-12', null],
  ])('%s', (_, candidate, expiresOn, message) => {
    const violations = check(candidate, [], { agent: withExpiry(expiresOn) });
    expect(violations).toEqual(message ? [{ code: 'cnaps_invalid', message, overridable: false }] : []);
  });

  it('reads the expiry from the card number when none is given', () => {
    const agent = { ...licensed, cnapsNumber: 'CAR-075-2026-03-11-20190123456', cnapsExpiresOn: null };
    expect(codesOf(check(day, [], { agent }))).toEqual(['cnaps_invalid']);
  });

  const noCard = (qualifications: Qualification[]): AgentLicences => ({
    cnapsNumber: null,
    cnapsExpiresOn: null,
    qualifications,
  });
  it.each([
    ['no card, not a fire post', noCard([q('SSIAP1', '2025-01-01')]), false, [], ['cnaps_invalid']],
    ['no card, fire post, valid SSIAP 1', noCard([q('SSIAP1', '2025-01-01')]), true, ['SSIAP1'], []],
    [
      'no card, fire post, valid SSIAP 3 for SSIAP 2',
      noCard([q('SSIAP3', '2025-01-01')]),
      true,
      ['SSIAP2'],
      [],
    ],
    [
      'no card, fire post, lapsed SSIAP 1',
      noCard([q('SSIAP1', '2020-01-01')]),
      true,
      ['SSIAP1'],
      ['cnaps_invalid', 'qualification_missing'],
    ],
    ['no card, fire post, no SSIAP', noCard([]), true, [], ['cnaps_invalid']],
  ] as const)('%s', (_, agent, fireSafetyPost, required, codes) => {
    const violations = check(day, [], { agent, fireSafetyPost, requiredQualifications: [...required] });
    expect(codesOf(violations)).toEqual(codes);
  });

  it('words the missing card', () => {
    expect(check(day, [], { agent: noCard([]) })[0]?.message).toBe(
      "L'agent n'a pas de carte professionnelle CNAPS.",
    );
  });

  it('needs the SSIAP valid on every day of the night', () => {
    const agent = noCard([q('SSIAP1', null, '2026-03-12')]);
    expect(codesOf(check(night, [], { agent, fireSafetyPost: true }))).toEqual(['cnaps_invalid']);
    expect(codesOf(check(day, [], { agent, fireSafetyPost: true }))).toEqual([]);
  });
});

describe('qualification_missing', () => {
  const holding = (...qualifications: Qualification[]): AgentLicences => ({ ...licensed, qualifications });
  it.each([
    ['SSIAP 2 covers a required SSIAP 1', holding(q('SSIAP2', '2025-01-01')), ['SSIAP1'], day, []],
    ['SSIAP 1 does not cover SSIAP 2', holding(q('SSIAP1', '2025-01-01')), ['SSIAP2'], day, ['SSIAP 2']],
    ['nothing held, two required', holding(), ['SSIAP1', 'SST'], day, ['SSIAP 1', 'SST']],
    ['a requirement declared twice', holding(), ['SST', 'SST'], day, ['SST']],
    ['SST derived expiry on the day', holding(q('SST', '2024-03-12')), ['SST'], day, []],
    ['SST derived expiry during a night', holding(q('SST', '2024-03-12')), ['SST'], night, ['SST']],
    [
      'SSIAP derived expiry (36 months) the day before',
      holding(q('SSIAP1', '2023-03-11')),
      ['SSIAP1'],
      day,
      ['SSIAP 1'],
    ],
    ['obtained the day after', holding(q('CQP_APS', '2026-03-13')), ['CQP_APS'], day, ['TFP/CQP APS']],
  ] as const)('%s', (_, agent, required, candidate, labels) => {
    const violations = check(candidate, [], { agent, requiredQualifications: [...required] });
    expect(violations).toEqual(
      labels.map((label) => ({
        code: 'qualification_missing',
        message: `Qualification requise manquante ou expirée : ${label}.`,
        overridable: false,
      })),
    );
  });
});
