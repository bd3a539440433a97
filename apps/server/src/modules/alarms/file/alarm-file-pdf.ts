// The alarm's file as a PDF (pdfkit, A4, built in a worker thread like the security reports): the
// company's identity, the alarm and what raised it, the fingerprint of the chain (SHA-256, its last
// entry's hash) with a QR code to its public verification, the chain check, the times Vigie kept and
// the durations between them, then every entry in number order with its time, author and hash, and
// the drawn signature at the end with its signer and time (as the security reports' PDF ends).
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { Language } from '../../../lib/languages';
import { translatorOf } from './alarm-file-text';

export interface AlarmFilePdfInput {
  /** The requester's language: the fixed texts' (the rows and entries come written in it). */
  language: Language;
  company: { name: string; address: string | null; siret: string | null; cnapsAuthorisation: string | null };
  alarm: { rows: [string, string][]; title: string };
  fingerprint: string | null;
  verificationUrl: string | null;
  chainText: string;
  chainOk: boolean;
  times: [string, string][];
  durations: [string, string][];
  entries: { number: number; at: string; actor: string; title: string; lines: string[]; hash: string }[];
  /** The drawn signature closing the file, with its signer and time; null when not signed yet. */
  signature: { png: Uint8Array; signer: string; at: string; number: number } | null;
  generatedAt: string;
  generatedBy: string;
  timezone: string;
}

const BLUE = '#1e3a8a';
const GREY = '#475569';
const INK = '#0f172a';
const MARGIN = 50;

/**
 * The CNAPS authorisation is a mention French law requires (article L612-14 CSI): it stays in
 * French, its translation beside it, as on the security reports.
 */
function cnapsLine(input: AlarmFilePdfInput) {
  const french = `Autorisation d'exercice CNAPS : ${input.company.cnapsAuthorisation ?? 'non renseignée'}`;
  return input.language === 'fr'
    ? french
    : `${french} (${translatorOf(input.language)("Autorisation d'exercice CNAPS")})`;
}

/** The fingerprint as printed: groups of 8 characters, easier to read aloud and compare. */
const grouped = (f: string) => f.match(/.{1,8}/g)?.join(' ') ?? f;

export async function buildAlarmFilePdf(input: AlarmFilePdfInput): Promise<Buffer> {
  const t = translatorOf(input.language);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 70 },
    bufferPages: true,
    info: {
      Title: t("Dossier d'alarme — {title}", { title: input.alarm.title }),
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

  doc.fillColor(INK).font('Helvetica-Bold').fontSize(14).text(input.company.name, MARGIN, MARGIN, { width });
  doc.font('Helvetica').fontSize(9).fillColor(GREY);
  if (input.company.address) doc.text(input.company.address, { width });
  if (input.company.siret) doc.text(t('SIRET : {siret}', { siret: input.company.siret }), { width });
  doc.text(cnapsLine(input), { width });
  doc.moveDown(0.5);
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + width, doc.y)
    .lineWidth(1)
    .stroke(BLUE);
  doc.moveDown(0.8);

  // The seal at the top of page 1: the QR code to the verification, the fingerprint beside it.
  const top = doc.y;
  const sealed = input.fingerprint && input.verificationUrl;
  const textWidth = sealed ? width - 100 : width;
  if (sealed) {
    const qr = await QRCode.toBuffer(input.verificationUrl as string, {
      errorCorrectionLevel: 'M',
      margin: 1,
      width: 300,
    });
    doc.image(qr, MARGIN + width - 86, top, { width: 86, height: 86 });
  }
  doc
    .fillColor(BLUE)
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(t('Dossier de levée de doute'), MARGIN, top, { width: textWidth });
  doc.fillColor(INK).fontSize(12).text(input.alarm.title, { width: textWidth });
  doc.moveDown(0.3).font('Helvetica').fontSize(8).fillColor(GREY);
  if (input.fingerprint) {
    doc.text(t('Empreinte SHA-256 de la chaîne des entrées :'), { width: textWidth });
    doc.font('Courier').fontSize(8).fillColor(INK).text(grouped(input.fingerprint), { width: textWidth });
    if (input.verificationUrl)
      doc
        .font('Helvetica')
        .fillColor(GREY)
        .text(t('Authenticité vérifiable en scannant le code ou sur : '), {
          width: textWidth,
          continued: true,
        })
        .fillColor(BLUE)
        .text(input.verificationUrl, { link: input.verificationUrl, width: textWidth });
  } else {
    doc.text(t('Dossier vide : aucune entrée.'), { width: textWidth });
  }
  doc
    .font('Helvetica-Bold')
    .fontSize(9)
    .fillColor(input.chainOk ? '#15803d' : '#b91c1c')
    .text(input.chainText, { width: textWidth });
  doc.y = Math.max(doc.y, top + 92);
  doc.moveDown(0.6);

  const rows = (list: [string, string][], labelWidth = 170) => {
    for (const [label, value] of list) {
      if (doc.y > doc.page.height - 100) doc.addPage();
      const y = doc.y;
      doc.font('Helvetica-Bold').fontSize(9.5).fillColor(GREY).text(label, MARGIN, y, { width: labelWidth });
      const afterLabel = doc.y;
      doc
        .font('Helvetica')
        .fillColor(INK)
        .text(value, MARGIN + labelWidth + 5, y, { width: width - labelWidth - 5 });
      doc.y = Math.max(doc.y, afterLabel);
      doc.moveDown(0.2);
    }
  };
  const heading = (title: string, need = 120) => {
    doc.moveDown(0.6);
    if (doc.y > doc.page.height - need) doc.addPage();
    doc.font('Helvetica-Bold').fontSize(13).fillColor(BLUE).text(title, MARGIN, doc.y, { width });
    doc.moveDown(0.3);
  };

  heading(t("L'alarme"));
  rows(input.alarm.rows, 120);
  heading(t('Heures enregistrées par Vigie'));
  rows(input.times);
  heading(t('Durées'));
  rows(input.durations);

  heading(t('Entrées du dossier ({count})', { count: String(input.entries.length) }));
  if (input.entries.length === 0)
    doc.font('Helvetica').fontSize(10).fillColor(INK).text(t('Aucune entrée.'), { width });
  for (const e of input.entries) {
    if (doc.y > doc.page.height - 130) doc.addPage();
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(INK)
      .text(
        t('N° {number} — {at} — {title}', { number: String(e.number), at: e.at, title: e.title }),
        MARGIN,
        doc.y,
        { width, continued: true },
      )
      .font('Helvetica')
      .fillColor(GREY)
      .text(` — ${e.actor}`, { width });
    doc.font('Helvetica').fontSize(9.5).fillColor(INK);
    for (const line of e.lines) doc.text(line, MARGIN + 12, doc.y, { width: width - 12 });
    doc
      .font('Courier')
      .fontSize(6.5)
      .fillColor(GREY)
      .text(`SHA-256 ${e.hash}`, MARGIN + 12, doc.y, { width: width - 12 });
    doc.moveDown(0.5);
  }

  heading(t('Signature'), 170);
  if (input.signature) {
    const y = doc.y;
    // Scaled into a 220 × 80 box, on a light frame so that a dark stroke reads on paper.
    doc.rect(MARGIN, y, 230, 90).lineWidth(0.5).stroke('#cbd5e1');
    doc.image(Buffer.from(input.signature.png), MARGIN + 5, y + 5, { fit: [220, 80], align: 'center' });
    doc.y = y + 96;
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(INK)
      .text(input.signature.signer, MARGIN, doc.y, { width });
    doc
      .font('Helvetica')
      .fontSize(9.5)
      .fillColor(GREY)
      .text(
        t('Dossier signé le {at} (entrée n° {number})', {
          at: input.signature.at,
          number: String(input.signature.number),
        }),
        { width },
      );
  } else {
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(GREY)
      .text(t('Dossier non signé.'), MARGIN, doc.y, { width });
  }

  // Every page: what the document is, when and for whom it was made, and its number.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - 55;
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor(GREY)
      .text(
        t(
          "Dossier d'alarme généré le {at} pour {name} (heures : {timezone}). Entrées ajoutées seulement, jamais modifiées ; chacune scellée par l'empreinte de la précédente.",
          { at: input.generatedAt, name: input.generatedBy, timezone: input.timezone },
        ),
        MARGIN,
        y,
        { width: width - 60, lineBreak: true, height: 30 },
      );
    doc.text(
      t('Page {page} / {pages}', { page: String(i - range.start + 1), pages: String(range.count) }),
      MARGIN + width - 55,
      y,
      {
        width: 55,
        align: 'right',
      },
    );
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
