// Reading generated documents back in tests: PDF text (pdftotext), page 1 as PNG (pdftoppm), and
// XLSX reopened with exceljs.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';

export function pdfText(pdf: Buffer) {
  const dir = mkdtempSync(join(tmpdir(), 'vigie-pdf-'));
  try {
    writeFileSync(join(dir, 'r.pdf'), pdf);
    execFileSync('pdftotext', ['-layout', join(dir, 'r.pdf'), join(dir, 'r.txt')]);
    return readFileSync(join(dir, 'r.txt'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The PDF's number of pages (pdfinfo, from the same poppler tools). */
export function pdfPages(pdf: Buffer) {
  const dir = mkdtempSync(join(tmpdir(), 'vigie-pdf-'));
  try {
    writeFileSync(join(dir, 'r.pdf'), pdf);
    const info = execFileSync('pdfinfo', [join(dir, 'r.pdf')]).toString();
    return Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Page `page` of the PDF as a PNG at 60 dpi, written to `out`. */
export function pdfPagePng(pdf: Buffer, out: string, page = 1) {
  const dir = mkdtempSync(join(tmpdir(), 'vigie-pdf-'));
  try {
    writeFileSync(join(dir, 'r.pdf'), pdf);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      String(page),
      '-l',
      String(page),
      '-singlefile',
      join(dir, 'r.pdf'),
      join(dir, 'p'),
    ]);
    writeFileSync(out, readFileSync(join(dir, 'p.png')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function openXlsx(data: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  return wb;
}
