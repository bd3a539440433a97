// A printable badge card: credit-card size (ISO/IEC 7810 ID-1, 85.60 × 53.98 mm), with the company,
// the holder, the badge number, its expiry and — for a QR badge — the signed QR code. Built with
// pdfkit (vector text, the QR as a crisp PNG) in a worker thread.
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

export interface BadgeCardInput {
  companyName: string;
  holderName: string;
  department: string | null;
  number: string;
  type: 'qrcode' | 'nfc';
  /** French date (21/11/2026) or null. */
  expires: string | null;
  /** The signed payload, for a QR badge. */
  qrPayload: string | null;
}

const mm = (v: number) => (v * 72) / 25.4;
const WIDTH = mm(85.6);
const HEIGHT = mm(53.98);

export async function buildBadgeCard(input: BadgeCardInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: [WIDTH, HEIGHT],
    margin: 0,
    info: {
      Title: `Badge ${input.number} — ${input.holderName}`,
      Author: input.companyName,
      Creator: 'Vigie',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((ok, fail) => {
    doc.on('end', () => ok(Buffer.concat(chunks)));
    doc.on('error', fail);
  });

  // A dark band with the company's name, as on a printed access card.
  doc.rect(0, 0, WIDTH, mm(11)).fill('#1e3a8a');
  doc
    .fillColor('#ffffff')
    .font('Helvetica-Bold')
    .fontSize(9)
    .text(input.companyName, mm(4), mm(3.6), { width: WIDTH - mm(8), lineBreak: false, ellipsis: true });

  const qrSide = mm(30);
  const textWidth = input.qrPayload ? WIDTH - qrSide - mm(11) : WIDTH - mm(8);
  doc
    .fillColor('#0f172a')
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(input.holderName, mm(4), mm(15), { width: textWidth, height: mm(10), ellipsis: true });
  doc.font('Helvetica').fontSize(7.5).fillColor('#334155');
  let y = doc.y + mm(1);
  const line = (label: string, value: string) => {
    doc.font('Helvetica').text(`${label} `, mm(4), y, { continued: true, width: textWidth });
    doc.font('Helvetica-Bold').text(value, { width: textWidth, lineBreak: false, ellipsis: true });
    y = doc.y + mm(0.6);
  };
  if (input.department) line('Service :', input.department);
  line('Badge :', input.number);
  line('Type :', input.type === 'qrcode' ? 'QR Code' : 'NFC');
  line('Expire le :', input.expires ?? 'sans date');

  if (input.qrPayload) {
    const png = await QRCode.toBuffer(input.qrPayload, { errorCorrectionLevel: 'M', margin: 1, width: 360 });
    doc.image(png, WIDTH - qrSide - mm(4), mm(15), { width: qrSide, height: qrSide });
  }
  doc
    .fontSize(5.5)
    .fillColor('#64748b')
    .font('Helvetica')
    .text(
      'Badge personnel : à présenter au lecteur. En cas de perte, prévenez le poste de sécurité.',
      mm(4),
      HEIGHT - mm(5),
      {
        width: WIDTH - mm(8),
        lineBreak: false,
        ellipsis: true,
      },
    );
  doc.end();
  return done;
}
