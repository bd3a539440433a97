// The Excel report, written with exceljs's streaming writer straight to a file: a summary sheet,
// then one sheet per table whose rows are committed as they come. Cells are typed (dates in the
// user's wall-clock time, durations, numbers, percents) and every text is escaped so that a
// spreadsheet never takes it for a formula (names and notes are typed by people).
import { TZDate } from '@date-fns/tz';
import ExcelJS from 'exceljs';
import { type Language, translate } from '../../../lib/languages';
import { escapeCell } from '../../../lib/spreadsheet-cells';
import type { Cell, Column, DocumentHead, DocumentNote, DocumentWriter, TableSpec } from './types';

const numFmt: Record<Column['kind'], string | undefined> = {
  text: undefined,
  datetime: 'dd/mm/yyyy hh:mm',
  duration: '[h]:mm:ss',
  number: '#,##0',
  percent: '0.0%',
  photos: undefined,
};

/** Excel has no timezones: the instant becomes the wall-clock time the user reads. */
function wallClock(at: Date, timezone: string) {
  const z = new TZDate(at.getTime(), timezone);
  return new Date(
    Date.UTC(z.getFullYear(), z.getMonth(), z.getDate(), z.getHours(), z.getMinutes(), z.getSeconds()),
  );
}

function typed(v: Cell, kind: Column['kind'], timezone: string): ExcelJS.CellValue {
  if (v === null) return null;
  if (v instanceof Date) return wallClock(v, timezone);
  if (typeof v === 'object') return escapeCell(v.text);
  if (typeof v === 'number') {
    if (kind === 'duration') return v / 86_400;
    if (kind === 'percent') return v / 100;
    return v;
  }
  return escapeCell(v);
}

/** Excel's 31 characters at most; a name met again is cut to 28 and numbered (« … 2 »). */
const sheetName = (title: string, used: Set<string>) => {
  const clean = title.replace(/[[\]:*?/\\]/g, ' ');
  const base = clean.slice(0, 28);
  let name = clean.length <= 31 ? clean : base;
  for (let i = 2; used.has(name); i++) name = `${base} ${i}`;
  used.add(name);
  return name;
};

const headerStyle = (row: ExcelJS.Row) => {
  row.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1E3A8A' } };
};

type Line = (cells: ExcelJS.CellValue[], fmt?: string) => ExcelJS.Row;

/** The period's figures and the per-day table (not in a main courante: it is the register alone). */
function figures(summary: ExcelJS.Worksheet, s: DocumentHead['statistics'], line: Line, lang: Language) {
  const t = (text: string) => translate(lang, text);
  line([]);
  headerStyle(line([t('Indicateur'), t('Valeur')]));
  line([t('Incidents (alarmes)'), s.totalIncidents], numFmt.number);
  line([t('Incidents résolus'), s.resolvedIncidents], numFmt.number);
  line(
    [
      t('Temps de réponse moyen'),
      s.avgResponseTime === null ? t('Aucune alarme traitée') : (s.avgResponseTime * 60) / 86_400,
    ],
    s.avgResponseTime === null ? undefined : numFmt.duration,
  );
  line(
    [t('Disponibilité des caméras'), s.camerasUptime === null ? t('Aucune mesure') : s.camerasUptime / 100],
    s.camerasUptime === null ? undefined : numFmt.percent,
  );
  line([t("Tentatives d'accès"), s.accessAttempts], numFmt.number);
  line([t('Accès refusés'), s.unauthorizedAttempts], numFmt.number);
  line([t('Agents en service'), s.activeSecurity], numFmt.number);
  line([t('Sites surveillés'), s.sitesMonitored], numFmt.number);
  line([]);
  headerStyle(
    line(
      ['Jour', 'Faible', 'Moyenne', 'Haute', 'Critique', 'Réponse moyenne', 'Accès refusés'].map((h) => t(h)),
    ),
  );
  s.alarmsPerDay.forEach((d, i) => {
    const r = s.responsePerDay[i];
    const [y, m, dd] = d.day.split('-').map(Number) as [number, number, number];
    const row = summary.addRow([
      new Date(Date.UTC(y, m - 1, dd)),
      d.low,
      d.medium,
      d.high,
      d.critical,
      r?.avgResponseTime == null ? null : (r.avgResponseTime * 60) / 86_400,
      r?.accessRefusals ?? 0,
    ]);
    row.getCell(1).numFmt = 'dd/mm/yyyy';
    row.getCell(6).numFmt = numFmt.duration as string;
  });
}

export async function createXlsxWriter(head: DocumentHead, path: string): Promise<DocumentWriter> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: path,
    useStyles: true,
    useSharedStrings: false,
  });
  wb.creator = 'Vigie';
  wb.created = head.generatedAt;
  const used = new Set<string>();
  const tz = head.timezone;
  const s = head.statistics;
  const lang = head.language;
  const t = (text: string) => translate(lang, text);

  const summary = wb.addWorksheet(sheetName(t('Synthèse'), used));
  summary.columns = [
    { width: 34 },
    { width: 22 },
    { width: 14 },
    { width: 14 },
    { width: 14 },
    { width: 18 },
  ];
  const line = (cells: ExcelJS.CellValue[], fmt?: string) => {
    const row = summary.addRow(cells);
    if (fmt) row.getCell(2).numFmt = fmt;
    return row;
  };
  line([escapeCell(head.title)]).font = { bold: true, size: 14 };
  line([escapeCell(head.company.legalName)]).font = { bold: true };
  if (head.company.address) line([escapeCell(head.company.address)]);
  // The CNAPS authorisation is a mention French law requires: French, its translation beside it.
  if (head.company.cnapsAuthorisation)
    line([
      lang === 'fr' ? 'Autorisation CNAPS' : `Autorisation CNAPS (${t('Autorisation CNAPS')})`,
      escapeCell(head.company.cnapsAuthorisation),
    ]);
  line([t('Période'), escapeCell(head.periodText)]);
  line([t('Site'), escapeCell(head.siteText)]);
  line([t('Généré le'), wallClock(head.generatedAt, tz)], numFmt.datetime);
  line([t('Demandé par'), escapeCell(head.requestedBy)]);
  if (head.type !== 'logbook') figures(summary, s, line, lang);
  summary.commit();

  let sheet: ExcelJS.Worksheet | null = null;
  let columns: Column[] = [];
  /** The current table's sentence for no rows, until its first row. */
  let empty: string | null = null;
  /** A sheet without rows says so under its header, as the PDF does. */
  const closeEmpty = () => {
    if (sheet && empty !== null) {
      const row = sheet.addRow([escapeCell(empty)]);
      row.font = { italic: true, color: { argb: 'FF64748B' } };
      row.commit();
    }
    empty = null;
  };
  return {
    async table(table: TableSpec) {
      closeEmpty();
      sheet?.commit();
      columns = table.columns;
      empty = table.empty;
      sheet = wb.addWorksheet(sheetName(table.title, used), { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = columns.map((c) => ({
        header: c.header.replace(/\n/g, ' '),
        width: c.width,
        style: { numFmt: numFmt[c.kind] },
      }));
      headerStyle(sheet.getRow(1));
    },
    async rows(rows: Cell[][]) {
      if (!sheet) throw new Error('rows before any table');
      if (rows.length > 0) empty = null;
      for (const r of rows) {
        const row = sheet.addRow(r.map((v, i) => typed(v, columns[i]?.kind ?? 'text', tz)));
        // The streaming writer does not carry the column's format onto new cells: each gets its own.
        columns.forEach((c, i) => {
          const fmt = numFmt[c.kind];
          if (fmt && r[i] !== null) row.getCell(i + 1).numFmt = fmt;
        });
        row.commit();
      }
    },
    async note(note: DocumentNote) {
      if (!sheet) throw new Error('note before any table');
      closeEmpty();
      sheet.addRow([]).commit();
      const row = sheet.addRow([escapeCell(note.text)]);
      const colour = { alert: 'FFB91C1C', ok: 'FF15803D', info: 'FF475569' }[note.tone];
      row.font = { bold: note.tone !== 'info', color: { argb: colour } };
      row.commit();
    },
    async end() {
      closeEmpty();
      sheet?.commit();
      await wb.commit();
    },
  };
}
