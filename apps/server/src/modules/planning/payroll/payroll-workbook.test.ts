import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { PayrollShift } from './payroll-hours.js';
import { at, payrollInput, shift } from './payroll-test-support.js';
import { frenchMonthLabel, SUMMARY_HEADER_ROW } from './payroll-workbook.js';
import { generatePayrollInWorker } from './payroll-worker.js';

async function open(buffer: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  return wb;
}

const sheet = (wb: ExcelJS.Workbook, name: string) => {
  const ws = wb.getWorksheet(name);
  if (!ws) throw new Error(`no sheet ${name}`);
  return ws;
};

const values = (row: ExcelJS.Row) => (row.values as unknown[]).slice(1);

describe('frenchMonthLabel', () => {
  it('names the month in French', () => {
    expect(frenchMonthLabel('2026-11')).toBe('novembre 2026');
    expect(frenchMonthLabel('2027-02')).toBe('février 2027');
  });
});

describe('generatePayrollInWorker', () => {
  const hostile = '=HYPERLINK("x")';
  const input = payrollInput(
    [
      shift('2026-11-03 20:00', '2026-11-04 06:00', { type: 'nuit' }),
      shift('2026-11-11 08:00', '2026-11-11 18:00', {
        break: ['2026-11-11 12:00', '2026-11-11 13:00'],
        clockIn: at('2026-11-11 07:55'),
      }),
      shift('2026-11-20 08:00', '2026-11-20 16:00', { status: 'programme', clockIn: null, clockOut: null }),
      shift('2026-11-21 08:00', '2026-11-21 16:00', { status: 'annule', clockIn: null, clockOut: null }),
      shift('2026-11-08 07:00', '2026-11-08 13:20', {
        agentId: 'a2',
        agentName: hostile,
        agentBadge: '-007',
        siteName: '@site',
        type: 'apres_midi',
      }),
    ],
    {
      agents: [
        { id: 'a1', name: 'Dupont Marie', badge: 'M-001' },
        { id: 'a2', name: hostile, badge: '-007' },
        { id: 'a3', name: 'Bernard Luc', badge: 'M-003' },
      ],
    },
  );

  it('builds the two sheets with the agents’ figures', async () => {
    const wb = await open(await generatePayrollInWorker(input));
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Synthèse', 'Gardes']);

    const summary = sheet(wb, 'Synthèse');
    expect(summary.getCell('A1').value).toBe('Export paie — novembre 2026 — Sécurité Alpha');
    expect(summary.getCell('A2').value).toBe('Généré le 02/12/2026 à 09:30 (Europe/Paris)');
    expect(values(summary.getRow(SUMMARY_HEADER_ROW))).toEqual([
      'Agent',
      'Matricule',
      'Jours travaillés',
      'Heures totales',
      'Heures de nuit (21 h–6 h)',
      'Heures du dimanche',
      'Heures fériées',
      'Gardes',
    ]);
    expect(summary.getRow(SUMMARY_HEADER_ROW).font?.bold).toBe(true);
    expect(summary.views[0]).toMatchObject({ state: 'frozen', ySplit: SUMMARY_HEADER_ROW });

    const rows = [1, 2, 3, 4].map((i) => values(summary.getRow(SUMMARY_HEADER_ROW + i)));
    // Sorted by name: '=HYPERLINK…' (escaped with an apostrophe) sorts first, then Bernard, Dupont.
    expect(rows[0]).toEqual([`'${hostile}`, `'-007`, 1, 6.33, 0, 6.33, 0, 1]);
    expect(rows[1]).toEqual(['Bernard Luc', 'M-003', 0, 0, 0, 0, 0, 0]);
    // Night 10 h (9 h of night) + 11 Nov 07:55 → 18:00 less 1 h (9.08 h, holiday); 3 shifts not cancelled.
    expect(rows[2]).toEqual(['Dupont Marie', 'M-001', 3, 19.08, 9, 0, 9.08, 3]);
    expect(rows[3]).toEqual(['Total', '', 4, 25.42, 9, 6.33, 9.08, 4]);
    expect(summary.getRow(SUMMARY_HEADER_ROW + 3).getCell(4).numFmt).toBe('0.00');

    const hostileCell = summary.getRow(SUMMARY_HEADER_ROW + 1).getCell(1);
    expect(hostileCell.type).toBe(ExcelJS.ValueType.String);
    expect(hostileCell.formula).toBeUndefined();
  });

  it('lists the shifts with local dates, French labels and remarks', async () => {
    const wb = await open(await generatePayrollInWorker(input));
    const shifts = sheet(wb, 'Gardes');
    expect(shifts.rowCount).toBe(1 + 5);
    expect(shifts.getRow(1).font?.bold).toBe(true);
    expect(values(shifts.getRow(1))[12]).toBe('Remarque');
    // Rows by planned start: 3 Nov (night), 8 Nov, 11 Nov, 20 Nov, 21 Nov.
    const night = values(shifts.getRow(2));
    expect(night.slice(0, 5)).toEqual(['Dupont Marie', 'M-001', 'Entrepôt Nord', 'Nuit', 'Terminé']);
    // Local wall-clock 20:00 stored as an Excel date (UTC fields = local fields).
    expect(night[5]).toEqual(new Date(Date.UTC(2026, 10, 3, 20, 0)));
    expect(shifts.getRow(2).getCell(6).numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(night.slice(7)).toEqual([
      0,
      new Date(Date.UTC(2026, 10, 3, 20)),
      new Date(Date.UTC(2026, 10, 4, 6)),
      10,
      9,
    ]);
    expect(values(shifts.getRow(3)).slice(0, 5)).toEqual([
      `'${hostile}`,
      `'-007`,
      `'@site`,
      'Après-midi',
      'Terminé',
    ]);
    const holiday = values(shifts.getRow(4));
    expect(holiday[7]).toBe(60);
    expect(holiday[8]).toEqual(new Date(Date.UTC(2026, 10, 11, 7, 55)));
    expect(holiday[10]).toBe(9.08);
    // An unclocked row keeps its clock cells empty: exceljs leaves them out of row.values.
    const unclocked = shifts.getRow(5);
    expect([unclocked.getCell(5).value, unclocked.getCell(9).value, unclocked.getCell(13).value]).toEqual([
      'Programmé',
      null,
      'Non pointée',
    ]);
    expect([shifts.getRow(6).getCell(5).value, shifts.getRow(6).getCell(11).value]).toEqual(['Annulé', 0]);
  });

  it('rejects with an Error when the export fails in the worker', async () => {
    await expect(generatePayrollInWorker({ ...input, month: '2026-13' })).rejects.toThrow(/Invalid month/);
  });

  it('builds 500 agents × 20 shifts', async () => {
    const agents = Array.from({ length: 500 }, (_, i) => ({
      id: `a${i}`,
      name: `Agent ${String(i).padStart(3, '0')}`,
      badge: `M-${i}`,
    }));
    const shifts: PayrollShift[] = agents.flatMap((a) =>
      Array.from({ length: 20 }, (_, d) => {
        const day = `2026-11-${String(d + 1).padStart(2, '0')}`;
        return shift(`${day} 08:00`, `${day} 16:00`, {
          agentId: a.id,
          agentName: a.name,
          agentBadge: a.badge,
        });
      }),
    );
    const wb = await open(await generatePayrollInWorker(payrollInput(shifts, { agents })));
    expect(sheet(wb, 'Synthèse').rowCount).toBe(SUMMARY_HEADER_ROW + 500 + 1);
    expect(sheet(wb, 'Gardes').rowCount).toBe(1 + 10_000);
    expect(values(sheet(wb, 'Synthèse').getRow(SUMMARY_HEADER_ROW + 501))).toEqual([
      'Total',
      '',
      10_000,
      80_000,
      0,
      8 * 500 * 3, // 1, 8 and 15 Nov 2026 are Sundays (1 Nov also a holiday)
      8 * 500 * 2, // 1 and 11 Nov
      10_000,
    ]);
  });
});
