// @vitest-environment happy-dom
// The alarm file's timeline and times read in the web's language (issue 35): the contract's text
// through the web's t(), French as the contract writes it by default.
import type { AlarmFileEntry } from '@vigie/contract/alarm-file.contract';
import { entryText, fileDuration } from '@vigie/contract/alarm-file-text';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale, t } from '../../../lib/i18n/i18n';

afterEach(() => setLocale('fr'));

const entry = (kind: string, data: object, number = 1) =>
  ({
    id: `00000000-0000-4000-8000-00000000000${number}`,
    number,
    at: '2026-11-21T13:05:09.000Z',
    actor: { userId: null, name: 'Léa Martin' },
    amendsId: null,
    amendedBy: [],
    hash: 'h',
    prevHash: '0',
    kind,
    data,
  }) as unknown as AlarmFileEntry;

const entries = [
  entry('call', {
    contactName: 'M. Durand',
    role: null,
    number: '06 12',
    calledAt: '2026-11-21T13:06:00.000Z',
    outcome: 'no_answer',
    remark: 'Rappeler',
  }),
  entry(
    'intervention',
    {
      interventionId: null,
      agentName: null,
      summary: 'Intervention sur place',
      steps: [],
      report: { text: 'RAS', photoFileIds: ['a'] },
    },
    2,
  ),
];
const read = () =>
  entries.map((e) =>
    entryText(
      e,
      () => '<t>',
      () => undefined,
      t,
    ),
  );

describe('alarm file text on the web', () => {
  it('reads in French as the contract writes it', () => {
    expect(read()).toEqual(
      entries.map((e) =>
        entryText(
          e,
          () => '<t>',
          () => undefined,
        ),
      ),
    );
    expect(read()[1]?.lines.at(-1)).toBe('1 photo(s) jointe(s)');
    expect(fileDuration(3 * 86400, t)).toBe('3 j 0 h');
  });

  it('reads in English and Spanish', async () => {
    await setLocale('en');
    expect(read()[0]).toEqual({
      title: 'Call',
      lines: ['M. Durand on 06 12, at <t>', 'Outcome: No answer', 'Remark: Rappeler'],
    });
    expect(read()[1]?.lines.at(-1)).toBe('1 photo attached');
    expect(fileDuration(3 * 86400 + 7200, t)).toBe('3 d 2 h');
    expect(fileDuration(125, t)).toBe('2 min 05 s');
    await setLocale('es');
    expect(read()[0]?.lines[1]).toBe('Resultado: Sin respuesta');
    expect(read()[1]?.lines.at(-2)).toBe('Informe del vigilante: RAS');
  });
});
