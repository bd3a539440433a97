import * as agentsContract from '@vigie/contract/agents.contract';
import * as planningContract from '@vigie/contract/planning.contract';
import { describe, expect, it } from 'vitest';
import { cnapsCardPattern, qualificationLabel } from './licence-rules';
import {
  addMonthsToDay,
  holdsQualification,
  type Qualification,
  type QualificationType,
  qualificationExpiry,
  qualificationTypes,
  qualificationValidOn,
} from './qualifications';
import { ruleCodes } from './working-time';

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

describe('qualificationExpiry', () => {
  it.each([
    ['given expiry wins', q('SST', '2024-03-15', '2025-01-01'), '2025-01-01'],
    ['SST: 24 months', q('SST', '2024-03-15'), '2026-03-15'],
    ['SST obtained on 29 February', q('SST', '2024-02-29'), '2026-02-28'],
    ['SSIAP 1: 36 months', q('SSIAP1', '2023-03-15'), '2026-03-15'],
    ['SSIAP 2: 36 months', q('SSIAP2', '2023-03-15'), '2026-03-15'],
    ['SSIAP 3: 36 months', q('SSIAP3', '2023-03-15'), '2026-03-15'],
    ['CQP APS: no expiry', q('CQP_APS', '2020-01-01'), null],
    ['H0B0 with a given expiry', q('H0B0', '2020-01-01', '2027-01-01'), '2027-01-01'],
    ['nothing to derive from', q('SST', null), null],
  ])('%s', (_, qualification, expiry) => {
    expect(qualificationExpiry(qualification)).toBe(expiry);
  });

  it.each([
    ['2024-01-31', 1, '2024-02-29'],
    ['2026-12-31', 3, '2027-03-31'],
    ['2026-11-30', 3, '2027-02-28'],
  ])('%s + %i months = %s', (day, months, expected) => {
    expect(addMonthsToDay(day, months)).toBe(expected);
  });
});

describe('qualificationValidOn', () => {
  it.each([
    ['on its derived expiry day', q('SST', '2024-03-15'), '2026-03-15', true],
    ['the day after its derived expiry', q('SST', '2024-03-15'), '2026-03-16', false],
    ['on its given expiry day', q('SSIAP1', '2020-01-01', '2026-03-12'), '2026-03-12', true],
    ['the day after its given expiry', q('SSIAP1', '2020-01-01', '2026-03-12'), '2026-03-13', false],
    ['before it is obtained', q('CQP_APS', '2026-03-12'), '2026-03-11', false],
    ['on the day it is obtained', q('CQP_APS', '2026-03-12'), '2026-03-12', true],
    ['without any date', q('CYNOPHILE', null), '2026-03-12', true],
  ])('%s', (_, qualification, day, valid) => {
    expect(qualificationValidOn(qualification, day)).toBe(valid);
  });
});

describe('holdsQualification', () => {
  const day = '2026-03-12';
  it.each([
    ['SSIAP 2 covers a required SSIAP 1', [q('SSIAP2', '2025-01-01')], 'SSIAP1', true],
    ['SSIAP 3 covers a required SSIAP 1', [q('SSIAP3', '2025-01-01')], 'SSIAP1', true],
    ['SSIAP 3 covers a required SSIAP 2', [q('SSIAP3', '2025-01-01')], 'SSIAP2', true],
    ['SSIAP 1 does not cover SSIAP 2', [q('SSIAP1', '2025-01-01')], 'SSIAP2', false],
    ['SSIAP 2 does not cover SSIAP 3', [q('SSIAP2', '2025-01-01')], 'SSIAP3', false],
    ['an expired SSIAP 2 covers nothing', [q('SSIAP2', '2020-01-01')], 'SSIAP1', false],
    [
      'an expired SSIAP 1 and a valid SSIAP 2',
      [q('SSIAP1', '2020-01-01'), q('SSIAP2', '2025-01-01')],
      'SSIAP1',
      true,
    ],
    ['SST is not an SSIAP', [q('SST', '2025-01-01')], 'SSIAP1', false],
    ['SST held', [q('SST', '2025-01-01')], 'SST', true],
    ['nothing held', [], 'CQP_APS', false],
  ] as const)('%s', (_, quals, required, held) => {
    expect(holdsQualification([...quals], required, day)).toBe(held);
  });
});

describe('agreement with the API contract', () => {
  it('has the same qualification types, labels, CNAPS pattern and rule codes', () => {
    expect(qualificationTypes).toEqual(agentsContract.qualificationTypes);
    expect(Object.fromEntries(qualificationTypes.map((t) => [t, qualificationLabel(t)]))).toEqual(
      agentsContract.qualificationLabels,
    );
    expect(cnapsCardPattern.source).toBe(agentsContract.cnapsCardPattern.source);
    expect(ruleCodes).toEqual(planningContract.ruleCodes);
  });
});
