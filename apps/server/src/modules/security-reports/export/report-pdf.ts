// The security report as a PDF (pdfkit, A4): company identity and logo, CNAPS authorisation, the
// report's content, the signature and, once final, its fingerprint with a QR code to the public
// verification page. Every page carries the legal mention (article L612-14 CSI) and its number.
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import {
  cnapsLine,
  type DocumentInput,
  editionText,
  fit,
  infoRows,
  legalMentionLines,
  say,
} from './document-input';

const BLUE = '#1e3a8a';
const GREY = '#475569';
const INK = '#0f172a';
const MARGIN = 50;

export async function buildReportPdf(input: DocumentInput): Promise<Buffer> {
  const t = (text: string, values?: Record<string, unknown>) => say(input, text, values);
  const title = t('Rapport de sécurité');
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 80 },
    bufferPages: true,
    info: {
      Title: `${title} ${input.report.number}`,
      Author: input.company.name,
      Creator: 'Vigie',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((ok, fail) => {
    doc.on('end', () => ok(Buffer.concat(chunks)));
    doc.on('error', fail);
  });
  const width = doc.page.width - 2 * MARGIN;

  // Header: logo, then the company's identity beside it.
  let textX = MARGIN;
  if (input.company.logo) {
    const size = fit(input.company.logo, 90, 60);
    doc.image(Buffer.from(input.company.logo.data), MARGIN, MARGIN, size);
    textX = MARGIN + size.width + 12;
  }
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(input.company.name, textX, MARGIN, {
      width: width - (textX - MARGIN),
    });
  doc.font('Helvetica').fontSize(9).fillColor(GREY);
  if (input.company.address) doc.text(input.company.address, { width: width - (textX - MARGIN) });
  if (input.company.siret) doc.text(`SIRET : ${input.company.siret}`);
  doc.text(cnapsLine(input));
  doc.y = Math.max(doc.y, MARGIN + 64) + 10;
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + width, doc.y)
    .lineWidth(1)
    .stroke(BLUE);
  doc.moveDown(0.8);

  doc.x = MARGIN;
  const titleTop = doc.y;
  // A final report carries its seal at the top of page 1: the QR code to the verification page.
  const sealed = input.fingerprint && input.verificationUrl;
  const textWidth = sealed ? width - 100 : width;
  if (sealed) {
    const qr = await QRCode.toBuffer(input.verificationUrl as string, {
      errorCorrectionLevel: 'M',
      margin: 1,
      width: 300,
    });
    doc.image(qr, MARGIN + width - 86, titleTop, { width: 86, height: 86 });
  }
  doc.fillColor(BLUE).font('Helvetica-Bold').fontSize(20).text(title, MARGIN, titleTop, {
    width: textWidth,
  });
  doc
    .fillColor(INK)
    .fontSize(12)
    .text(t('N° {number}', { number: input.report.number }), { width: textWidth });
  if (sealed) {
    doc
      .moveDown(0.3)
      .font('Helvetica')
      .fontSize(8)
      .fillColor(GREY)
      .text(t('Empreinte SHA-256 du rapport finalisé :'), {
        width: textWidth,
      });
    doc
      .font('Courier')
      .fontSize(8)
      .fillColor(INK)
      .text(input.fingerprint as string, { width: textWidth });
    doc
      .font('Helvetica')
      .fillColor(GREY)
      .text(t('Authenticité vérifiable en scannant le code ou sur : '), { width: textWidth, continued: true })
      .fillColor(BLUE)
      .text(input.verificationUrl as string, { link: input.verificationUrl, width: textWidth });
    doc.y = Math.max(doc.y, titleTop + 90);
  }
  if (!input.report.final) {
    doc
      .moveDown(0.3)
      .fillColor('#b45309')
      .fontSize(10)
      .text(t('BROUILLON — document non finalisé, sans valeur probante'), { width });
  }
  doc.moveDown(0.8);

  // The identification table, two columns.
  for (const [label, value] of infoRows(input)) {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(10).fillColor(GREY).text(label, MARGIN, y, { width: 120 });
    doc
      .font('Helvetica')
      .fillColor(INK)
      .text(value, MARGIN + 125, y, { width: width - 125 });
    doc.moveDown(0.25);
  }

  // A heading never ends a page: `need` is the room its first lines take.
  const heading = (title: string, need = 160) => {
    doc.moveDown(0.8);
    if (doc.y > doc.page.height - need) doc.addPage();
    doc.x = MARGIN;
    doc.font('Helvetica-Bold').fontSize(13).fillColor(BLUE).text(title, MARGIN, doc.y, { width });
    doc.moveDown(0.3);
    doc.font('Helvetica').fontSize(10).fillColor(INK);
  };

  heading(t('Incidents ({count})', { count: String(input.report.incidents.length) }));
  if (input.report.incidents.length === 0) doc.text(t('Aucun incident signalé.'), { width });
  input.report.incidents.forEach((it, i) => {
    doc.font('Helvetica-Bold').text(`${i + 1}. ${it.type}`, { width });
    doc.font('Helvetica').text(it.description, { width });
    doc
      .fillColor(GREY)
      .text(t('Mesures prises : {measures}', { measures: it.measuresTaken }), { width })
      .fillColor(INK);
    doc.moveDown(0.4);
  });

  heading(t('Interventions ({count})', { count: String(input.report.interventions.length) }));
  if (input.report.interventions.length === 0) doc.text(t('Aucune intervention.'), { width });
  input.report.interventions.forEach((it, i) => {
    doc.font('Helvetica-Bold').text(`${i + 1}. ${it.time} — ${it.agentName}`, { width });
    doc.font('Helvetica').text(it.description, { width });
    doc.moveDown(0.4);
  });

  for (const s of input.report.sections) {
    heading(s.title);
    doc.text(s.text, { width });
  }

  heading(t('Signature du responsable'), 230);
  if (input.signature) {
    const size = fit(input.signature, 200, 80);
    doc.image(Buffer.from(input.signature.data), MARGIN, doc.y, size);
    doc.y += size.height + 4;
  } else {
    doc.fillColor(GREY).text(t('Non signé'), { width }).fillColor(INK);
  }
  doc.text(input.report.responsibleName, MARGIN, doc.y, { width });

  // Footers last, on every buffered page: the legal mention and the page number.
  const range = doc.bufferedPageRange();
  for (let p = range.start; p < range.start + range.count; p++) {
    doc.switchToPage(p);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const mentions = legalMentionLines(input);
    // A translated mention takes the room of its French original, a little higher.
    const y = doc.page.height - 62 - (mentions.length - 1) * 18;
    doc.font('Helvetica').fontSize(7.5).fillColor(GREY);
    doc.text(mentions[0] ?? '', MARGIN, y, { width, align: 'center' });
    for (const line of mentions.slice(1)) doc.text(line, MARGIN, doc.y + 1, { width, align: 'center' });
    const page = t('page {page}', { page: `${p - range.start + 1}/${range.count}` });
    doc.text(
      `${input.company.name} — ${cnapsLine(input)} — ${editionText(input)} — ${page}`,
      MARGIN,
      doc.y + 2,
      {
        width,
        align: 'center',
      },
    );
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
