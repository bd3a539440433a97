// The access log as a file (CSV or XLSX), built in a worker thread (plugins/document-worker.ts).
// Every text cell is escaped so that a spreadsheet never takes it for a formula: a holder's name or
// a department is typed by people, and a file of access logs is opened by others.
import ExcelJS from 'exceljs';
import { escapeCell } from '../../../lib/spreadsheet-cells';

export interface LogsFileInput {
  format: 'csv' | 'xlsx';
  companyName: string;
  /** What the filters were, in French, for the title line. */
  filters: string;
  timezone: string;
  rows: {
    at: Date;
    personName: string;
    badgeNumber: string | null;
    department: string | null;
    siteName: string;
    pointName: string;
    accessType: 'qrcode' | 'nfc';
    status: 'Autorisé' | 'Refusé';
    reason: string | null;
  }[];
}

const HEADERS = [
  'Date et heure',
  'Personne',
  'Badge',
  'Service',
  'Site',
  "Point d'accès",
  'Type',
  'Décision',
  'Motif',
];
const TYPE = { qrcode: 'QR Code', nfc: 'NFC' } as const;

function localText(at: Date, timezone: string) {
  return new Intl.DateTimeFormat('fr-FR', {
    timeZone: timezone,
    dateStyle: 'short',
    timeStyle: 'medium',
  }).format(at);
}

const cellsOf = (r: LogsFileInput['rows'][number], timezone: string) => [
  localText(r.at, timezone),
  escapeCell(r.personName),
  escapeCell(r.badgeNumber ?? ''),
  escapeCell(r.department ?? ''),
  escapeCell(r.siteName),
  escapeCell(r.pointName),
  TYPE[r.accessType],
  r.status,
  escapeCell(r.reason ?? ''),
];

/** RFC 4180 with a semicolon (what a French spreadsheet expects) and a BOM for Excel's UTF-8. */
function csvOf(input: LogsFileInput): Buffer {
  const quote = (v: string) => (/[";\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const lines = [HEADERS, ...input.rows.map((r) => cellsOf(r, input.timezone))].map((cells) =>
    cells.map(quote).join(';'),
  );
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

async function xlsxOf(input: LogsFileInput): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Vigie';
  const ws = wb.addWorksheet('Journal des accès', { views: [{ state: 'frozen', ySplit: 3 }] });
  ws.addRow([escapeCell(`Journal des accès — ${input.companyName}`)]).font = { bold: true, size: 14 };
  ws.addRow([escapeCell(input.filters)]).font = { italic: true, color: { argb: 'FF64748B' } };
  const header = ws.addRow(HEADERS);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1E3A8A' } };
  for (const r of input.rows) {
    const row = ws.addRow(cellsOf(r, input.timezone));
    if (r.status === 'Refusé') row.getCell(8).font = { color: { argb: 'FFB91C1C' }, bold: true };
  }
  ws.columns.forEach((c, i) => {
    c.width = [20, 24, 14, 18, 22, 22, 10, 11, 24][i] ?? 14;
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function buildLogsFile(input: LogsFileInput): Promise<Buffer> {
  return input.format === 'csv' ? csvOf(input) : xlsxOf(input);
}
