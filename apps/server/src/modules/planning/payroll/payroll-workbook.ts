// The payroll export workbook (XLSX): a 'Synthèse' sheet with one row per agent and a 'Gardes'
// sheet with one row per shift of the month. Everything a user reads is French. CPU-heavy for big
// months: call it through generatePayrollInWorker (payroll-worker.ts), not on the HTTP event loop.
import { TZDate } from '@date-fns/tz';
import ExcelJS from 'exceljs';
import { escapeCell } from '../../../lib/spreadsheet-cells';
import {
  type AgentPayroll,
  computePayroll,
  type PayrollInput,
  type ShiftRow,
  type ShiftStatus,
  type ShiftType,
} from './payroll-hours.js';

const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

export const TYPE_LABELS: Record<ShiftType, string> = {
  jour: 'Jour',
  nuit: 'Nuit',
  matin: 'Matin',
  apres_midi: 'Après-midi',
  personnalise: 'Personnalisé',
};

export const STATUS_LABELS: Record<ShiftStatus, string> = {
  programme: 'Programmé',
  en_cours: 'En cours',
  termine: 'Terminé',
  annule: 'Annulé',
};

const DATE_FORMAT = 'dd/mm/yyyy hh:mm';
const HOURS_FORMAT = '0.00';

/** `novembre 2026` for `2026-11`. */
export function frenchMonthLabel(month: string): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return `${MONTHS[index - 1] ?? month} ${year}`;
}

/** Minutes as hours rounded to 2 decimals. */
const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/**
 * The local wall-clock time of `d` in `timezone`, as a Date whose UTC fields are the local fields:
 * Excel dates have no timezone, exceljs writes a Date's UTC fields.
 */
export function excelLocalDate(d: Date | null, timezone: string): Date | null {
  if (!d) return null;
  const l = new TZDate(d.getTime(), timezone);
  return new Date(
    Date.UTC(l.getFullYear(), l.getMonth(), l.getDate(), l.getHours(), l.getMinutes(), l.getSeconds()),
  );
}

function styleHeader(row: ExcelJS.Row) {
  row.font = { bold: true };
  row.alignment = { vertical: 'middle', wrapText: true };
  row.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE7EEF7' } };
    cell.border = { bottom: { style: 'thin' } };
  });
}

const SUMMARY_HEADERS = [
  'Agent',
  'Matricule',
  'Jours travaillés',
  'Heures totales',
  'Heures de nuit (21 h–6 h)',
  'Heures du dimanche',
  'Heures fériées',
  'Gardes',
];
/** Row of the summary's header (title, generation date and a blank row above it). */
export const SUMMARY_HEADER_ROW = 4;

function addSummarySheet(wb: ExcelJS.Workbook, input: PayrollInput, agents: AgentPayroll[]) {
  const ws = wb.addWorksheet('Synthèse', {
    views: [{ state: 'frozen', ySplit: SUMMARY_HEADER_ROW }],
  });
  ws.columns = [32, 16, 16, 16, 24, 20, 16, 10].map((width) => ({ width }));

  const title = ws.addRow([
    escapeCell(`Export paie — ${frenchMonthLabel(input.month)} — ${input.companyName}`),
  ]);
  title.font = { bold: true, size: 14 };
  ws.mergeCells(1, 1, 1, SUMMARY_HEADERS.length);
  const generated = new TZDate(input.generatedAt.getTime(), input.timezone);
  const pad = (n: number) => String(n).padStart(2, '0');
  ws.addRow([
    escapeCell(
      `Généré le ${pad(generated.getDate())}/${pad(generated.getMonth() + 1)}/${generated.getFullYear()} ` +
        `à ${pad(generated.getHours())}:${pad(generated.getMinutes())} (${input.timezone})`,
    ),
  ]).font = { italic: true };
  ws.addRow([]);
  styleHeader(ws.addRow(SUMMARY_HEADERS.map(escapeCell)));

  const total = { days: 0, worked: 0, night: 0, sunday: 0, holiday: 0, shifts: 0 };
  const addFigures = (label: string, badge: string, f: typeof total) => {
    const row = ws.addRow([
      escapeCell(label),
      escapeCell(badge),
      f.days,
      hours(f.worked),
      hours(f.night),
      hours(f.sunday),
      hours(f.holiday),
      f.shifts,
    ]);
    for (const col of [4, 5, 6, 7]) row.getCell(col).numFmt = HOURS_FORMAT;
    return row;
  };
  for (const a of agents) {
    const f = {
      days: a.daysWorked,
      worked: a.workedMinutes,
      night: a.nightMinutes,
      sunday: a.sundayMinutes,
      holiday: a.holidayMinutes,
      shifts: a.shiftCount,
    };
    addFigures(a.agentName, a.agentBadge, f);
    for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] += f[key];
  }
  const totals = addFigures('Total', '', total);
  totals.font = { bold: true };
  totals.eachCell((cell) => {
    cell.border = { top: { style: 'thin' } };
  });
}

const SHIFT_COLUMNS: { header: string; width: number; numFmt?: string }[] = [
  { header: 'Agent', width: 28 },
  { header: 'Matricule', width: 14 },
  { header: 'Site', width: 28 },
  { header: 'Type', width: 14 },
  { header: 'Statut', width: 12 },
  { header: 'Début prévu', width: 17, numFmt: DATE_FORMAT },
  { header: 'Fin prévue', width: 17, numFmt: DATE_FORMAT },
  { header: 'Pause (min)', width: 12 },
  { header: 'Arrivée', width: 17, numFmt: DATE_FORMAT },
  { header: 'Départ', width: 17, numFmt: DATE_FORMAT },
  { header: 'Heures travaillées', width: 18, numFmt: HOURS_FORMAT },
  { header: 'Heures de nuit', width: 15, numFmt: HOURS_FORMAT },
  { header: 'Remarque', width: 14 },
];

function addShiftsSheet(wb: ExcelJS.Workbook, input: PayrollInput, shifts: ShiftRow[]) {
  const ws = wb.addWorksheet('Gardes', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = SHIFT_COLUMNS.map((c) => ({ header: escapeCell(c.header), width: c.width }));
  styleHeader(ws.getRow(1));
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: SHIFT_COLUMNS.length } };
  const local = (d: Date | null) => excelLocalDate(d, input.timezone);
  for (const s of shifts) {
    const row = ws.addRow([
      escapeCell(s.agentName),
      escapeCell(s.agentBadge),
      escapeCell(s.siteName),
      TYPE_LABELS[s.type],
      STATUS_LABELS[s.status],
      local(s.plannedStart),
      local(s.plannedEnd),
      s.breakMinutes,
      local(s.clockIn),
      local(s.clockOut),
      hours(s.workedMinutes),
      hours(s.nightMinutes),
      s.remark || null,
    ]);
    SHIFT_COLUMNS.forEach((c, i) => {
      if (c.numFmt) row.getCell(i + 1).numFmt = c.numFmt;
    });
  }
}

/** The payroll export of `input.month` as an XLSX file. */
export async function buildPayrollWorkbook(input: PayrollInput): Promise<Buffer> {
  const { agents, shifts } = computePayroll(input);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Vigie';
  wb.created = input.generatedAt;
  addSummarySheet(wb, input, agents);
  addShiftsSheet(wb, input, shifts);
  const out = await wb.xlsx.writeBuffer();
  return Buffer.isBuffer(out) ? out : Buffer.from(out as ArrayBuffer);
}
