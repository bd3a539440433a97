// The PDF report, streamed to a file with pdfkit (a finished page leaves memory as the next one
// starts): a cover with the company identity and the period, the summary figures, the charts as
// vectors when asked, then each table, its header repeated on every page.
import { createWriteStream } from 'node:fs';
import PDFDocument from 'pdfkit';
import { type Language, translate } from '../../../lib/languages';
import { alarmsChart, responseChart } from './charts';
import { cellText, dateTimeText, numberText, percentText } from './format';
import type { Cell, Column, DocumentHead, DocumentNote, DocumentWriter, TableSpec } from './types';

const MARGIN = 40;
const ROW_H = 15;
const FONT = 7.5;
const LINE_H = FONT * 1.2;
const NAVY = '#1e3a8a';
/** Tables' pages: A4 too (pdfkit's own default size is US Letter). */
const LANDSCAPE = { size: 'A4', layout: 'landscape' } as const;

type Doc = PDFKit.PDFDocument;

/**
 * The CNAPS authorisation is a mention French law requires (article L612-14 CSI): it stays in
 * French, its translation beside it in another language.
 */
export function cnapsText(language: Language, authorisation: string) {
  const french = `Autorisation CNAPS ${authorisation}`;
  return language === 'fr' ? french : `${french} (${translate(language, 'Autorisation CNAPS')})`;
}

function cover(doc: Doc, head: DocumentHead) {
  const t = (text: string, values?: Record<string, unknown>) => translate(head.language, text, values);
  const width = doc.page.width - 2 * MARGIN;
  doc.rect(0, 0, doc.page.width, 150).fill(NAVY);
  let y = 40;
  if (head.company.logo) {
    try {
      doc.image(Buffer.from(head.company.logo.data), MARGIN, 35, { fit: [80, 80] });
    } catch {
      // A logo pdfkit cannot read leaves the name alone on the band.
    }
  }
  const textX = head.company.logo ? MARGIN + 95 : MARGIN;
  doc
    .fillColor('#ffffff')
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(head.company.legalName, textX, y, { width: width - 95 });
  y = doc.y + 4;
  doc.font('Helvetica').fontSize(10);
  for (const line of [
    head.company.address,
    head.company.siret ? `SIRET ${head.company.siret}` : null,
    head.company.cnapsAuthorisation ? cnapsText(head.language, head.company.cnapsAuthorisation) : null,
  ]) {
    if (!line) continue;
    doc.text(line, textX, y, { width: width - 95 });
    y = doc.y + 1;
  }
  doc.fillColor('#0f172a').font('Helvetica-Bold').fontSize(26).text(head.title, MARGIN, 230, { width });
  doc.moveDown(0.5).font('Helvetica').fontSize(14).fillColor('#334155');
  doc.text(t('Période : {period}', { period: head.periodText }), { width });
  doc.text(t('Site : {site}', { site: head.siteText }), { width });
  doc.moveDown(1.5).fontSize(10).fillColor('#64748b');
  const date = dateTimeText(head.language, head.generatedAt, head.timezone);
  doc.text(t('Généré le {date} pour {name}', { date, name: head.requestedBy }), { width });
  doc.text(t('Heures exprimées dans le fuseau {timezone}.', { timezone: head.timezone }), { width });
}

function figures(doc: Doc, head: DocumentHead) {
  const s = head.statistics;
  const lang = head.language;
  const n = (v: number) => numberText(lang, v);
  const cards: [string, string][] = [
    ['Incidents', n(s.totalIncidents)],
    ['Incidents résolus', n(s.resolvedIncidents)],
    ['Temps de réponse moyen', s.avgResponseTime === null ? '—' : `${n(s.avgResponseTime)} min`],
    ['Disponibilité caméras', s.camerasUptime === null ? '—' : percentText(lang, s.camerasUptime)],
    ["Tentatives d'accès", n(s.accessAttempts)],
    ['Accès refusés', n(s.unauthorizedAttempts)],
    ['Agents en service', n(s.activeSecurity)],
    ['Sites surveillés', n(s.sitesMonitored)],
  ];
  doc
    .fillColor('#0f172a')
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(translate(lang, 'Synthèse de la période'), MARGIN, MARGIN);
  const top = doc.y + 10;
  const w = (doc.page.width - 2 * MARGIN - 30) / 4;
  cards.forEach(([label, value], i) => {
    const x = MARGIN + (i % 4) * (w + 10);
    const y = top + Math.floor(i / 4) * 70;
    doc.roundedRect(x, y, w, 60, 6).fillAndStroke('#f8fafc', '#e2e8f0');
    doc
      .fillColor('#64748b')
      .font('Helvetica')
      .fontSize(8)
      .text(translate(lang, label), x + 8, y + 8, { width: w - 16 });
    doc
      .fillColor('#0f172a')
      .font('Helvetica-Bold')
      .fontSize(18)
      .text(value, x + 8, y + 28, { width: w - 16 });
  });
  doc.font('Helvetica');
  return top + 150;
}

export async function createPdfWriter(head: DocumentHead, path: string): Promise<DocumentWriter> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: head.title, Author: head.company.legalName, Creator: 'Vigie' },
  });
  const out = createWriteStream(path);
  const finished = new Promise<void>((ok, fail) => {
    out.on('finish', ok);
    out.on('error', fail);
    doc.on('error', fail);
  });
  doc.pipe(out);
  const footer = `${head.company.legalName} — ${head.title}`;
  let page = 1;
  const stamp = () => {
    // Written low in the bottom margin: pdfkit would open a new page for text below it otherwise.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.fillColor('#94a3b8').font('Helvetica').fontSize(7);
    doc.text(
      `${footer} — ${translate(head.language, 'page {page}', { page: String(page) })}`,
      MARGIN,
      doc.page.height - 25,
      {
        width: doc.page.width - 2 * MARGIN,
        align: 'center',
        lineBreak: false,
      },
    );
    doc.page.margins.bottom = bottom;
  };
  stamp();
  doc.on('pageAdded', () => {
    page += 1;
    stamp();
  });

  cover(doc, head);
  let y = MARGIN;
  // A main courante is the register alone: no alarm figures nor charts before its entries.
  if (head.type !== 'logbook') {
    doc.addPage({ size: 'A4' });
    y = figures(doc, head);
    if (head.includeGraphs) {
      const w = doc.page.width - 2 * MARGIN;
      alarmsChart(doc, head.statistics, { x: MARGIN, y, w, h: 230 }, head.language);
      responseChart(doc, head.statistics, { x: MARGIN, y: y + 260, w, h: 230 }, head.language);
    }
  }

  let columns: Column[] = [];
  let xs: number[] = [];
  let widths: number[] = [];
  let rowIndex = 0;
  let emptyText: string | null = null;
  /** A table without rows says so under its header. */
  const closeTable = () => {
    if (emptyText !== null && rowIndex === 0) {
      doc
        .fillColor('#64748b')
        .font('Helvetica')
        .fontSize(9)
        .text(emptyText, MARGIN, y + 6, { lineBreak: false });
      y += 20;
    }
    emptyText = null;
  };
  const bottomLimit = () => doc.page.height - MARGIN - 10;

  /** The header, on as many lines as its longest `\n`-broken column header. */
  const headerRow = () => {
    const lines = Math.max(1, ...columns.map((c) => c.header.split('\n').length));
    const h = ROW_H + 2 + (lines - 1) * LINE_H;
    doc.rect(MARGIN, y, doc.page.width - 2 * MARGIN, h).fill(NAVY);
    doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(FONT);
    columns.forEach((c, i) => {
      c.header.split('\n').forEach((text, k) => {
        doc.text(clip(text, (widths[i] ?? 0) - 6), (xs[i] ?? 0) + 3, y + 4 + k * LINE_H, {
          lineBreak: false,
        });
      });
    });
    doc.font('Helvetica');
    y += h;
  };
  /** The text cut to one line of `width` (measured only when it may not fit: 100,000 rows). */
  const clip = (text: string, width: number) => {
    if (text.length * FONT * 0.62 <= width) return text;
    if (doc.widthOfString(text) <= width) return text;
    let cut = text;
    while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width)
      cut = cut.slice(0, Math.max(1, Math.floor(cut.length * 0.9)));
    return `${cut}…`;
  };
  const MAX_WRAP_CHARS = 400;
  /** Photos of a row: thumbnails side by side, wrapping onto further lines. */
  const THUMB = 40;
  const thumbsPerLine = (width: number) => Math.max(1, Math.floor((width + 4) / (THUMB + 4)));
  const thumbnailsOf = (v: Cell | undefined) =>
    v !== null && typeof v === 'object' && !(v instanceof Date) ? v.thumbnails : [];

  return {
    async table(table: TableSpec) {
      closeTable();
      columns = table.columns;
      doc.addPage(LANDSCAPE);
      const total = columns.reduce((n, c) => n + c.width, 0);
      const full = doc.page.width - 2 * MARGIN;
      widths = columns.map((c) => (c.width / total) * full);
      xs = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((a, b) => a + b, 0));
      y = MARGIN;
      doc.fillColor('#0f172a').font('Helvetica-Bold').fontSize(14).text(table.title, MARGIN, y);
      y = doc.y + 6;
      rowIndex = 0;
      emptyText = table.empty;
      headerRow();
    },
    async rows(rows: Cell[][]) {
      for (const r of rows) {
        doc.font('Helvetica').fontSize(FONT);
        const texts = r.map((v, i) => {
          const col = columns[i];
          return col ? cellText(v, col.kind, head.timezone, head.language) : '';
        });
        let h = ROW_H;
        // A whole text is cut only if it would not fit on an empty page (about 50 lines).
        const pageRoom = bottomLimit() - MARGIN - ROW_H - 4;
        columns.forEach((c, i) => {
          const thumbs = thumbnailsOf(r[i]).length;
          if (c.kind === 'photos' && thumbs > 0) {
            const lines = Math.ceil(thumbs / thumbsPerLine((widths[i] ?? 0) - 6));
            h = Math.max(h, lines * (THUMB + 4) + 4);
          }
          if (!c.wrap) return;
          const full = c.wrap === 'full';
          const text = full ? (texts[i] ?? '') : (texts[i] ?? '').slice(0, MAX_WRAP_CHARS);
          texts[i] = text;
          const height = doc.heightOfString(text, { width: (widths[i] ?? 0) - 6 });
          h = Math.max(h, Math.min(height, full ? pageRoom : FONT * 1.2 * 6) + 7);
        });
        if (y + h > bottomLimit()) {
          doc.addPage(LANDSCAPE);
          y = MARGIN;
          headerRow();
        }
        if (rowIndex % 2 === 1) doc.rect(MARGIN, y, doc.page.width - 2 * MARGIN, h).fill('#f1f5f9');
        doc.fillColor('#0f172a').font('Helvetica').fontSize(FONT);
        columns.forEach((c, i) => {
          const w = (widths[i] ?? 0) - 6;
          const text = texts[i] ?? '';
          const thumbs = c.kind === 'photos' ? thumbnailsOf(r[i]) : [];
          if (thumbs.length > 0) {
            const perLine = thumbsPerLine(w);
            thumbs.forEach((jpeg, k) => {
              const tx = (xs[i] ?? 0) + 3 + (k % perLine) * (THUMB + 4);
              const ty = y + 3 + Math.floor(k / perLine) * (THUMB + 4);
              try {
                doc.image(Buffer.from(jpeg), tx, ty, {
                  fit: [THUMB, THUMB],
                  align: 'center',
                  valign: 'center',
                });
              } catch {
                // A thumbnail pdfkit cannot read leaves its place empty; the count is in the file.
              }
            });
          } else if (c.wrap)
            doc.text(text, (xs[i] ?? 0) + 3, y + 4, { width: w, height: h - 5, ellipsis: true });
          else doc.text(clip(text, w), (xs[i] ?? 0) + 3, y + 4, { lineBreak: false });
        });
        y += h;
        rowIndex += 1;
      }
    },
    async note(note: DocumentNote) {
      closeTable();
      const width = doc.page.width - 2 * MARGIN;
      const font = note.tone === 'info' ? 'Helvetica' : 'Helvetica-Bold';
      doc.font(font).fontSize(10);
      const h = doc.heightOfString(note.text, { width: width - 20 }) + 14;
      if (y + 10 + h > bottomLimit()) {
        doc.addPage(LANDSCAPE);
        y = MARGIN;
      }
      y += 10;
      const [fill, stroke, ink] =
        note.tone === 'alert'
          ? ['#fef2f2', '#dc2626', '#991b1b']
          : note.tone === 'ok'
            ? ['#f0fdf4', '#16a34a', '#166534']
            : ['#f8fafc', '#cbd5e1', '#475569'];
      doc.rect(MARGIN, y, width, h).fillAndStroke(fill, stroke);
      doc
        .fillColor(ink)
        .font(font)
        .fontSize(10)
        .text(note.text, MARGIN + 10, y + 7, { width: width - 20 });
      doc.font('Helvetica');
      y += h;
    },
    async end() {
      closeTable();
      doc.end();
      await finished;
    },
  };
}
