import { describe, expect, it } from 'vitest';
import { type AgentLicences, cnapsExpiry, isCnapsNumber, licenceAlerts } from './licence-rules';
import type { Qualification, QualificationType } from './qualifications';

const today = '2026-03-12';
const card = 'CAR-075-2030-03-14-20190123456';
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
const agent = (over: Partial<AgentLicences>): AgentLicences => ({
  cnapsNumber: card,
  cnapsExpiresOn: '2030-03-14',
  qualifications: [],
  ...over,
});

describe('isCnapsNumber', () => {
  it.each([
    [card, true],
    ['CAR-093-2027-12-31-12345678901', true],
    ['car-075-2030-03-14-20190123456', false],
    ['AUT-075-2030-03-14-20190123456', false],
    ['CAR-75-2030-03-14-20190123456', false],
    ['CAR-075-2030-03-14-2019012345', false],
    ['CAR-075-2030-13-14-20190123456', false],
    ['CAR-075-2030-02-30-20190123456', false],
    [` ${card}`, false],
    ['', false],
  ])('%j → %s', (s, ok) => {
    expect(isCnapsNumber(s)).toBe(ok);
  });

  it('reads the expiry from the card number when none is given', () => {
    expect(cnapsExpiry(agent({ cnapsExpiresOn: null }))).toBe('2030-03-14');
    expect(cnapsExpiry(agent({ cnapsExpiresOn: '2029-01-01' }))).toBe('2029-01-01');
    expect(cnapsExpiry(agent({ cnapsNumber: 'inconnu', cnapsExpiresOn: null }))).toBeNull();
  });
});

describe('licenceAlerts: CNAPS card', () => {
  it.each([
    ['expired yesterday', '2026-03-11', 'cnaps_expired', 'Carte professionnelle CNAPS expirée le 11/03/2026'],
    ['expiring today', '2026-03-12', 'cnaps_expiring', 'Carte professionnelle CNAPS expire le 12/03/2026'],
    [
      'expiring in exactly 3 months',
      '2026-06-12',
      'cnaps_expiring',
      'Carte professionnelle CNAPS expire le 12/06/2026',
    ],
    ['expiring 3 months and a day from now', '2026-06-13', null, null],
  ])('%s', (_, expiresOn, kind, message) => {
    const alerts = licenceAlerts(agent({ cnapsExpiresOn: expiresOn }), today);
    expect(alerts).toEqual(kind ? [{ kind, expiresOn, message }] : []);
  });

  it('uses the expiry carried by the card number', () => {
    const alerts = licenceAlerts(
      agent({ cnapsNumber: 'CAR-075-2026-04-01-20190123456', cnapsExpiresOn: null }),
      today,
    );
    expect(alerts).toEqual([
      {
        kind: 'cnaps_expiring',
        expiresOn: '2026-04-01',
        message: 'Carte professionnelle CNAPS expire le 01/04/2026',
      },
    ]);
  });

  it.each([
    ['no card, no SSIAP', [], ['cnaps_missing']],
    ['no card, a CQP APS', [q('CQP_APS', '2020-01-01')], ['cnaps_missing']],
    ['no card, an SSIAP 1 (fire-safety agent)', [q('SSIAP1', '2025-01-01')], []],
    ['no card, a lapsed SSIAP 2', [q('SSIAP2', '2020-01-01')], ['qualification_expired']],
  ])('%s', (_, qualifications, kinds) => {
    const alerts = licenceAlerts(agent({ cnapsNumber: null, cnapsExpiresOn: null, qualifications }), today);
    expect(alerts.map((a) => a.kind)).toEqual(kinds);
  });

  it('words the missing card', () => {
    expect(licenceAlerts(agent({ cnapsNumber: null }), today)).toEqual([
      { kind: 'cnaps_missing', expiresOn: null, message: 'Aucune carte professionnelle CNAPS enregistrée.' },
    ]);
  });
});

describe('licenceAlerts: qualifications', () => {
  it.each([
    [
      'SST expired yesterday',
      q('SST', null, '2026-03-11'),
      'qualification_expired',
      'SST expiré le 11/03/2026',
    ],
    [
      'SST expiring today',
      q('SST', null, '2026-03-12'),
      'qualification_expiring',
      'SST expire le 12/03/2026',
    ],
    [
      'SSIAP 1 in 30 days',
      q('SSIAP1', null, '2026-04-11'),
      'qualification_expiring',
      'SSIAP 1 expire le 11/04/2026',
    ],
    ['SSIAP 1 in 31 days', q('SSIAP1', null, '2026-04-12'), null, null],
    ['SST derived: 24 months', q('SST', '2024-03-11'), 'qualification_expired', 'SST expiré le 11/03/2026'],
    [
      'SSIAP 2 derived: 36 months',
      q('SSIAP2', '2023-04-01'),
      'qualification_expiring',
      'SSIAP 2 expire le 01/04/2026',
    ],
    ['CQP APS never expires', q('CQP_APS', '2010-01-01'), null, null],
    [
      'TFP/CQP APS with a given expiry',
      q('CQP_APS', null, '2026-01-01'),
      'qualification_expired',
      'TFP/CQP APS expiré le 01/01/2026',
    ],
  ])('%s', (_, qualification, kind, message) => {
    const alerts = licenceAlerts(agent({ qualifications: [qualification] }), today);
    expect(alerts).toEqual(
      kind ? [{ kind, qualification: qualification.type, expiresOn: expect.any(String), message }] : [],
    );
  });

  it.each([
    ['a renewed SST', [q('SST', '2024-03-11'), q('SST', '2026-03-01')]],
    ['an SST renewed before it lapses', [q('SST', null, '2026-03-20'), q('SST', '2026-03-10')]],
    ['an SSIAP 1 under a valid SSIAP 2', [q('SSIAP1', null, '2025-01-01'), q('SSIAP2', '2025-06-01')]],
  ])('says nothing of a superseded qualification: %s', (_, qualifications) => {
    expect(licenceAlerts(agent({ qualifications }), today)).toEqual([]);
  });

  it('still warns of an SSIAP 2 lapsing under a longer SSIAP 1', () => {
    const alerts = licenceAlerts(
      agent({ qualifications: [q('SSIAP2', null, '2026-03-20'), q('SSIAP1', '2025-06-01')] }),
      today,
    );
    expect(alerts.map((a) => [a.kind, a.qualification])).toEqual([['qualification_expiring', 'SSIAP2']]);
  });

  it('lists the card first, then the qualifications in order', () => {
    const alerts = licenceAlerts(
      agent({
        cnapsExpiresOn: '2026-01-01',
        qualifications: [q('SST', null, '2026-03-20'), q('H0B0', null, '2026-02-01')],
      }),
      today,
    );
    expect(alerts.map((a) => a.kind)).toEqual([
      'cnaps_expired',
      'qualification_expiring',
      'qualification_expired',
    ]);
  });
});
