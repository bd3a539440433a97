// Printable checkpoint labels: A4 pages of 2 × 4 labels (about 99 × 68 mm, to cut or print on
// label sheets), each with the company, the site, the tour, the checkpoint and its signed QR code.
// Built with pdfkit and qrcode in a worker thread (plugins/document-worker.ts).
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

export interface LabelSheetInput {
  companyName: string;
  siteName: string;
  tourName: string;
  labels: { name: string; instructions: string | null; position: number; code: string }[];
}

const mm = (v: number) => (v * 72) / 25.4;
const PAGE_W = mm(210);
const PAGE_H = mm(297);
const COLS = 2;
const ROWS = 4;
const MARGIN = mm(8);
const CELL_W = (PAGE_W - 2 * MARGIN) / COLS;
const CELL_H = (PAGE_H - 2 * MARGIN) / ROWS;

export async function buildTourLabels(input: LabelSheetInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    info: { Title: `Étiquettes — ${input.tourName}`, Author: input.companyName, Creator: 'Vigie' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((ok, fail) => {
    doc.on('end', () => ok(Buffer.concat(chunks)));
    doc.on('error', fail);
  });
  const perPage = COLS * ROWS;
  for (const [i, label] of input.labels.entries()) {
    if (i % perPage === 0) doc.addPage({ size: 'A4', margin: 0 });
    const slot = i % perPage;
    const x = MARGIN + (slot % COLS) * CELL_W;
    const y = MARGIN + Math.floor(slot / COLS) * CELL_H;
    // Cutting guide.
    doc.save().lineWidth(0.5).dash(3, { space: 3 }).strokeColor('#94a3b8');
    doc.rect(x + mm(1), y + mm(1), CELL_W - mm(2), CELL_H - mm(2)).stroke();
    doc.restore();
    const pad = mm(5);
    const qrSide = CELL_H - mm(14);
    const png = await QRCode.toBuffer(label.code, { errorCorrectionLevel: 'M', margin: 2, width: 480 });
    doc.image(png, x + pad, y + mm(7), { width: qrSide, height: qrSide });
    const tx = x + pad + qrSide + mm(3);
    const tw = CELL_W - (tx - x) - pad;
    doc.rect(x + mm(1), y + mm(1), CELL_W - mm(2), mm(5)).fill('#1e3a8a');
    doc
      .fillColor('#ffffff')
      .font('Helvetica-Bold')
      .fontSize(7)
      .text(`${input.companyName} · Point de contrôle`, x + pad, y + mm(2.2), {
        width: CELL_W - 2 * pad,
        lineBreak: false,
        ellipsis: true,
      });
    doc
      .fillColor('#0f172a')
      .font('Helvetica-Bold')
      .fontSize(12)
      .text(`${label.position}. ${label.name}`, tx, y + mm(9), { width: tw, height: mm(16), ellipsis: true });
    doc.font('Helvetica').fontSize(8).fillColor('#334155');
    doc.text(`Site : ${input.siteName}`, tx, doc.y + mm(1.5), { width: tw, height: mm(9), ellipsis: true });
    doc.text(`Ronde : ${input.tourName}`, tx, doc.y + mm(0.8), { width: tw, height: mm(9), ellipsis: true });
    if (label.instructions)
      doc
        .fontSize(7)
        .fillColor('#64748b')
        .text(label.instructions, tx, doc.y + mm(1.5), { width: tw, height: mm(16), ellipsis: true });
    doc
      .fontSize(6)
      .fillColor('#64748b')
      .text('Scannez avec Vigie pendant la ronde. Ne pas déplacer.', x + pad, y + CELL_H - mm(6), {
        width: CELL_W - 2 * pad,
        lineBreak: false,
        ellipsis: true,
      });
  }
  doc.end();
  return done;
}
