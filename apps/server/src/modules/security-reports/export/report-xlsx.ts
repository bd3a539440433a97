// The security report as an Excel workbook (exceljs): a "Rapport" sheet (identity, details, signature,
// fingerprint and QR code), then one sheet per list (incidents, interventions). Every text typed by
// people is escaped so that a spreadsheet never takes it for a formula.
import ExcelJS from 'exceljs';
import QRCode from 'qrcode';
import { escapeCell } from '../../../lib/spreadsheet-cells';
import {
  cnapsLine,
  type DocImage,
  type DocumentInput,
  fit,
  infoRows,
  legalMentionLines,
  say,
} from './document-input';

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1E3A8A' } };
const WHITE_BOLD: Partial<ExcelJS.Font> = { bold: true, color: { argb: 'FFFFFFFF' } };

function addImage(
  wb: ExcelJS.Workbook,
  ws: ExcelJS.Worksheet,
  img: DocImage,
  row: number,
  maxW: number,
  maxH: number,
) {
  const id = wb.addImage({
    buffer: Buffer.from(img.data) as unknown as ExcelJS.Buffer,
    extension: img.type === 'jpg' ? 'jpeg' : 'png',
  });
  ws.addImage(id, { tl: { col: 1, row }, ext: fit(img, maxW, maxH), editAs: 'oneCell' });
}

export async function buildReportXlsx(input: DocumentInput): Promise<Buffer> {
  const r = input.report;
  const t = (text: string, values?: Record<string, unknown>) => say(input, text, values);
  const title = t('Rapport de sécurité');
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Vigie';
  wb.title = `${title} ${r.number}`;
  const ws = wb.addWorksheet(t('Rapport'));
  ws.columns = [{ width: 26 }, { width: 90 }];

  let logoRow: number | null = null;
  if (input.company.logo) {
    logoRow = ws.rowCount;
    ws.addRow([]).height = 50;
  }
  ws.addRow([escapeCell(input.company.name)]).font = { bold: true, size: 14 };
  if (input.company.address) ws.addRow([escapeCell(input.company.address)]);
  if (input.company.siret) ws.addRow([escapeCell(`SIRET : ${input.company.siret}`)]);
  ws.addRow([escapeCell(cnapsLine(input))]);
  ws.addRow([]);
  ws.addRow([`${title} ${t('N° {number}', { number: r.number })}`]).font = {
    bold: true,
    size: 16,
    color: { argb: 'FF1E3A8A' },
  };
  if (!r.final)
    ws.addRow([t('BROUILLON — document non finalisé, sans valeur probante')]).font = {
      color: { argb: 'FFB45309' },
    };
  for (const [label, value] of infoRows(input)) {
    const row = ws.addRow([label, escapeCell(value)]);
    row.getCell(1).font = { bold: true };
  }
  for (const s of r.sections) {
    const row = ws.addRow([s.title, escapeCell(s.text)]);
    row.getCell(1).font = { bold: true };
    row.getCell(2).alignment = { wrapText: true, vertical: 'top' };
  }
  ws.addRow([]);
  ws.addRow([t('Signature du responsable'), escapeCell(r.responsibleName)]).getCell(1).font = { bold: true };
  if (input.signature) {
    const at = ws.rowCount;
    ws.addRow([]).height = 70;
    addImage(wb, ws, input.signature, at, 220, 88);
  } else ws.addRow(['', t('Non signé')]);
  if (input.fingerprint && input.verificationUrl) {
    ws.addRow([]);
    ws.addRow([t('Empreinte SHA-256'), input.fingerprint]).getCell(1).font = { bold: true };
    // « Vérification » means a check-in elsewhere in the catalogue: another language reads this title.
    const verification = input.language === 'fr' ? 'Vérification' : t('Authenticité du document');
    ws.addRow([verification, { text: input.verificationUrl, hyperlink: input.verificationUrl }]);
    const at = ws.rowCount;
    ws.addRow([]).height = 90;
    const qr = await QRCode.toBuffer(input.verificationUrl, {
      errorCorrectionLevel: 'M',
      margin: 1,
      width: 240,
    });
    addImage(wb, ws, { data: qr, type: 'png', width: 240, height: 240 }, at, 110, 110);
  }
  ws.addRow([]);
  for (const line of legalMentionLines(input))
    ws.addRow([line]).font = { italic: true, size: 9, color: { argb: 'FF475569' } };
  ws.addRow([t('Édité le {date}', { date: input.generatedAt })]).font = {
    size: 9,
    color: { argb: 'FF475569' },
  };
  if (logoRow !== null && input.company.logo) addImage(wb, ws, input.company.logo, logoRow, 120, 60);

  const list = (name: string, headers: string[], rows: string[][], widths: number[]) => {
    const sheet = wb.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    const h = sheet.addRow(headers);
    h.font = WHITE_BOLD;
    h.fill = HEADER_FILL;
    for (const cells of rows)
      sheet.addRow(cells.map(escapeCell)).alignment = { wrapText: true, vertical: 'top' };
    sheet.columns.forEach((c, i) => {
      c.width = widths[i] ?? 20;
    });
  };
  list(
    t('Incidents'),
    ['N°', 'Type', 'Description', 'Mesures prises'].map((h) => t(h)),
    r.incidents.map((it, i) => [String(i + 1), it.type, it.description, it.measuresTaken]),
    [6, 14, 60, 50],
  );
  list(
    t('Interventions'),
    ['N°', 'Heure', 'Agent', 'Description'].map((h) => t(h)),
    r.interventions.map((it, i) => [String(i + 1), it.time, it.agentName, it.description]),
    [6, 10, 26, 70],
  );
  return Buffer.from(await wb.xlsx.writeBuffer());
}
