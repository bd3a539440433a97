// The security report as a Word document (docx): the same content as the PDF, editable by the client
// for their own files; the fingerprint printed in it is the one of the frozen report in Vigie.
import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  HeadingLevel,
  ImageRun,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import QRCode from 'qrcode';
import {
  cnapsLine,
  type DocImage,
  type DocumentInput,
  editionText,
  fit,
  infoRows,
  legalMentionLines,
  say,
} from './document-input';

const image = (img: DocImage, maxW: number, maxH: number) =>
  new ImageRun({ type: img.type, data: img.data, transformation: fit(img, maxW, maxH) });

const p = (text: string, opts: { bold?: boolean; color?: string; size?: number } = {}) =>
  new Paragraph({ children: [new TextRun({ text, ...opts })] });

const noBorder = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };

export async function buildReportDocx(input: DocumentInput): Promise<Buffer> {
  const r = input.report;
  const t = (text: string, values?: Record<string, unknown>) => say(input, text, values);
  const title = t('Rapport de sécurité');
  const body: (Paragraph | Table)[] = [];
  if (input.company.logo) body.push(new Paragraph({ children: [image(input.company.logo, 120, 80)] }));
  body.push(p(input.company.name, { bold: true, size: 28 }));
  if (input.company.address) body.push(p(input.company.address, { color: '475569' }));
  if (input.company.siret) body.push(p(`SIRET : ${input.company.siret}`, { color: '475569' }));
  body.push(p(cnapsLine(input), { color: '475569' }));
  body.push(new Paragraph({ text: title, heading: HeadingLevel.TITLE }));
  body.push(p(t('N° {number}', { number: r.number }), { bold: true, size: 24 }));
  if (!r.final)
    body.push(p(t('BROUILLON — document non finalisé, sans valeur probante'), { color: 'B45309' }));

  body.push(
    new Table({
      width: { size: 100, type: WidthType.PERCENTAGE },
      rows: infoRows(input).map(
        ([label, value]) =>
          new TableRow({
            children: [
              new TableCell({
                width: { size: 30, type: WidthType.PERCENTAGE },
                children: [p(label, { bold: true })],
              }),
              new TableCell({ width: { size: 70, type: WidthType.PERCENTAGE }, children: [p(value)] }),
            ],
          }),
      ),
    }),
  );

  body.push(
    new Paragraph({
      text: t('Incidents ({count})', { count: String(r.incidents.length) }),
      heading: HeadingLevel.HEADING_1,
    }),
  );
  if (r.incidents.length === 0) body.push(p(t('Aucun incident signalé.')));
  r.incidents.forEach((it, i) => {
    body.push(p(`${i + 1}. ${it.type}`, { bold: true }), p(it.description));
    body.push(p(t('Mesures prises : {measures}', { measures: it.measuresTaken }), { color: '475569' }));
  });
  body.push(
    new Paragraph({
      text: t('Interventions ({count})', { count: String(r.interventions.length) }),
      heading: HeadingLevel.HEADING_1,
    }),
  );
  if (r.interventions.length === 0) body.push(p(t('Aucune intervention.')));
  r.interventions.forEach((it, i) => {
    body.push(p(`${i + 1}. ${it.time} — ${it.agentName}`, { bold: true }), p(it.description));
  });
  for (const s of r.sections) {
    body.push(new Paragraph({ text: s.title, heading: HeadingLevel.HEADING_1 }));
    for (const line of s.text.split('\n')) body.push(p(line));
  }

  body.push(new Paragraph({ text: t('Signature du responsable'), heading: HeadingLevel.HEADING_1 }));
  body.push(
    input.signature ? new Paragraph({ children: [image(input.signature, 240, 96)] }) : p(t('Non signé')),
  );
  body.push(p(r.responsibleName, { bold: true }));

  if (input.fingerprint && input.verificationUrl) {
    const qr = await QRCode.toBuffer(input.verificationUrl, {
      errorCorrectionLevel: 'M',
      margin: 1,
      width: 300,
    });
    body.push(new Paragraph({ text: t('Authenticité du document'), heading: HeadingLevel.HEADING_1 }));
    body.push(
      new Table({
        width: { size: 100, type: WidthType.PERCENTAGE },
        borders: {
          top: noBorder,
          bottom: noBorder,
          left: noBorder,
          right: noBorder,
          insideHorizontal: noBorder,
          insideVertical: noBorder,
        },
        rows: [
          new TableRow({
            children: [
              new TableCell({
                width: { size: 25, type: WidthType.PERCENTAGE },
                children: [
                  new Paragraph({
                    children: [
                      new ImageRun({ type: 'png', data: qr, transformation: { width: 110, height: 110 } }),
                    ],
                  }),
                ],
              }),
              new TableCell({
                width: { size: 75, type: WidthType.PERCENTAGE },
                children: [
                  p(t('Empreinte SHA-256 du rapport finalisé :'), { color: '475569' }),
                  new Paragraph({
                    children: [new TextRun({ text: input.fingerprint, font: 'Courier New', size: 18 })],
                  }),
                  p(t('Vérifiez son authenticité en scannant le code ou sur :'), { color: '475569' }),
                  p(input.verificationUrl, { color: '1E3A8A' }),
                ],
              }),
            ],
          }),
        ],
      }),
    );
  }

  const footer = new Footer({
    children: [
      ...legalMentionLines(input).map(
        (line) =>
          new Paragraph({
            alignment: AlignmentType.CENTER,
            children: [new TextRun({ text: line, size: 14, color: '475569' })],
          }),
      ),
      new Paragraph({
        alignment: AlignmentType.CENTER,
        children: [
          new TextRun({
            text: `${input.company.name} — ${cnapsLine(input)} — ${editionText(input)}`,
            size: 14,
            color: '475569',
          }),
        ],
      }),
    ],
  });
  const doc = new Document({
    creator: 'Vigie',
    title: `${title} ${r.number}`,
    description: `${title} ${r.number} — ${input.company.name}`,
    sections: [{ footers: { default: footer }, children: body }],
  });
  return Packer.toBuffer(doc);
}
