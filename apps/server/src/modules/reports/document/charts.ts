// The page's two charts drawn as PDF vectors (pdfkit paths): alarms per day by severity (stacked
// bars), and the average response time (line) over the access refusals (bars) per day.
import { alarmSeverityLabels } from '@vigie/contract/alarms.contract';
import type { ReportStatistics } from '@vigie/contract/reports.contract';
import { type Language, translate } from '../../../lib/languages';
import { numberText } from './format';

type Doc = PDFKit.PDFDocument;

export const severityColours = { low: '#3b82f6', medium: '#eab308', high: '#f97316', critical: '#dc2626' };
const severityLabels = alarmSeverityLabels;

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const niceMax = (v: number) => {
  if (v <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  return [1, 2, 5, 10].map((m) => m * p).find((m) => m >= v) ?? v;
};

/** Axes, horizontal grid and y labels; answers the plot area. */
function frame(doc: Doc, box: Box, max: number, unit: string, language: Language) {
  const plot = { x: box.x + 36, y: box.y + 8, w: box.w - 44, h: box.h - 28 };
  doc.save().lineWidth(0.5).strokeColor('#cbd5e1');
  for (let i = 0; i <= 4; i++) {
    const y = plot.y + plot.h - (plot.h * i) / 4;
    doc
      .moveTo(plot.x, y)
      .lineTo(plot.x + plot.w, y)
      .stroke();
    doc
      .fillColor('#64748b')
      .fontSize(7)
      .text(`${numberText(language, (max * i) / 4)}${unit}`, box.x, y - 3, {
        width: 32,
        align: 'right',
        lineBreak: false,
      });
  }
  doc.restore();
  return plot;
}

/** Day labels under the plot, thinned so that they never overlap. */
function dayLabels(doc: Doc, plot: Box, days: string[]) {
  const step = Math.max(1, Math.ceil(days.length / 10));
  const slot = plot.w / Math.max(1, days.length);
  doc.fillColor('#64748b').fontSize(7);
  days.forEach((day, i) => {
    if (i % step !== 0) return;
    const [, m, d] = day.split('-');
    doc.text(`${d}/${m}`, plot.x + slot * i + slot / 2 - 15, plot.y + plot.h + 4, {
      width: 30,
      align: 'center',
      lineBreak: false,
    });
  });
}

function legend(doc: Doc, x: number, y: number, items: [string, string][]) {
  let cx = x;
  doc.fontSize(8);
  for (const [label, colour] of items) {
    doc.rect(cx, y + 1, 8, 8).fill(colour);
    doc.fillColor('#334155').text(label, cx + 11, y, { lineBreak: false });
    cx += 14 + doc.widthOfString(label) + 10;
  }
}

export function alarmsChart(doc: Doc, s: ReportStatistics, box: Box, language: Language = 'fr') {
  doc
    .fillColor('#0f172a')
    .fontSize(11)
    .font('Helvetica-Bold')
    .text(translate(language, 'Alarmes par jour et par gravité'), box.x, box.y);
  doc.font('Helvetica');
  legend(
    doc,
    box.x,
    box.y + 16,
    (Object.keys(severityLabels) as (keyof typeof severityLabels)[]).map((k) => [
      translate(language, severityLabels[k]),
      severityColours[k],
    ]),
  );
  const area = { x: box.x, y: box.y + 32, w: box.w, h: box.h - 32 };
  const totals = s.alarmsPerDay.map((d) => d.low + d.medium + d.high + d.critical);
  const max = niceMax(Math.max(0, ...totals));
  const plot = frame(doc, area, max, '', language);
  const slot = plot.w / Math.max(1, s.alarmsPerDay.length);
  const barW = Math.max(1, slot * 0.7);
  s.alarmsPerDay.forEach((d, i) => {
    let top = plot.y + plot.h;
    for (const k of ['low', 'medium', 'high', 'critical'] as const) {
      const h = (d[k] / max) * plot.h;
      if (h <= 0) continue;
      top -= h;
      doc.rect(plot.x + slot * i + (slot - barW) / 2, top, barW, h).fill(severityColours[k]);
    }
  });
  dayLabels(
    doc,
    plot,
    s.alarmsPerDay.map((d) => d.day),
  );
}

export function responseChart(doc: Doc, s: ReportStatistics, box: Box, language: Language = 'fr') {
  doc
    .fillColor('#0f172a')
    .fontSize(11)
    .font('Helvetica-Bold')
    .text(translate(language, 'Temps de réponse moyen et accès refusés'), box.x, box.y);
  doc.font('Helvetica');
  legend(doc, box.x, box.y + 16, [
    [translate(language, 'Temps de réponse (min)'), '#2563eb'],
    [translate(language, 'Accès refusés'), '#fca5a5'],
  ]);
  const area = { x: box.x, y: box.y + 32, w: box.w - 30, h: box.h - 32 };
  const days = s.responsePerDay;
  const maxRefusals = niceMax(Math.max(0, ...days.map((d) => d.accessRefusals)));
  const maxResponse = niceMax(Math.max(0, ...days.map((d) => d.avgResponseTime ?? 0)));
  const plot = frame(doc, area, maxResponse, ' min', language);
  const slot = plot.w / Math.max(1, days.length);
  // Refusals on the right-hand scale.
  doc.fillColor('#64748b').fontSize(7);
  for (let i = 0; i <= 4; i++) {
    const y = plot.y + plot.h - (plot.h * i) / 4;
    doc.text(numberText(language, (maxRefusals * i) / 4), plot.x + plot.w + 4, y - 3, {
      width: 26,
      lineBreak: false,
    });
  }
  days.forEach((d, i) => {
    const h = (d.accessRefusals / maxRefusals) * plot.h;
    if (h > 0) doc.rect(plot.x + slot * i + slot * 0.2, plot.y + plot.h - h, slot * 0.6, h).fill('#fca5a5');
  });
  // The line breaks where a day had no answered alarm.
  doc.save().lineWidth(1.5).strokeColor('#2563eb');
  let drawing = false;
  days.forEach((d, i) => {
    if (d.avgResponseTime === null) {
      drawing = false;
      return;
    }
    const x = plot.x + slot * i + slot / 2;
    const y = plot.y + plot.h - (d.avgResponseTime / maxResponse) * plot.h;
    if (drawing) doc.lineTo(x, y);
    else doc.moveTo(x, y);
    drawing = true;
  });
  doc.stroke();
  days.forEach((d, i) => {
    if (d.avgResponseTime === null) return;
    doc
      .circle(plot.x + slot * i + slot / 2, plot.y + plot.h - (d.avgResponseTime / maxResponse) * plot.h, 1.8)
      .fill('#2563eb');
  });
  doc.restore();
  dayLabels(
    doc,
    plot,
    days.map((d) => d.day),
  );
}
