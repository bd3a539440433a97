// What the main thread sends the document thread, one message at a time: the head (identity,
// period, figures), then each table's columns followed by its rows in pages. The thread writes as it
// receives (pdfkit and exceljs's streaming writer to a file), so no table is ever held whole.
import type { ReportFormat, ReportStatistics, ReportType } from '@vigie/contract/reports.contract';
import type { Language } from '../../../lib/languages';

export type ColumnKind = 'text' | 'datetime' | 'duration' | 'number' | 'percent' | 'photos';

export interface Column {
  /** A `\n` breaks the PDF's header onto a second line; the spreadsheet's header reads it as a space. */
  header: string;
  kind: ColumnKind;
  /** Relative width (PDF) and characters (Excel). */
  width: number;
  /**
   * PDF: the text wraps instead of being cut — on a few lines (an alarm's timeline), or `'full'`:
   * whole, however long (a main courante entry is a legal record, never shortened).
   */
  wrap?: boolean | 'full';
}

/** Thumbnails (JPEG) drawn in a `photos` column of the PDF; the spreadsheet shows the text. */
export interface PhotosCell {
  text: string;
  thumbnails: Uint8Array[];
}

/**
 * A cell: text, an instant (datetime), seconds (duration), a number, a percent (0-100), or photos.
 */
export type Cell = string | number | Date | PhotosCell | null;

export interface TableSpec {
  /** The sheet's name (31 characters at most) and the PDF section's title. */
  title: string;
  columns: Column[];
  /** Said under the title when the table is empty. */
  empty: string;
}

export interface DocumentHead {
  format: ReportFormat;
  type: ReportType;
  title: string;
  /** '01/11/2026 au 30/11/2026'. */
  periodText: string;
  siteText: string;
  timezone: string;
  /** Every fixed text the thread writes (headings, labels, charts, footers) is in it. */
  language: Language;
  generatedAt: Date;
  requestedBy: string;
  includeGraphs: boolean;
  company: {
    legalName: string;
    address: string | null;
    siret: string | null;
    cnapsAuthorisation: string | null;
    logo: { data: Uint8Array; contentType: string } | null;
  };
  statistics: ReportStatistics;
}

/**
 * A paragraph after a table (the main courante's integrity check); `alert` stands out in red, `info`
 * (how to read the table) stays quiet.
 */
export interface DocumentNote {
  text: string;
  tone: 'ok' | 'alert' | 'info';
}

export type DocumentMessage =
  | { op: 'begin'; head: DocumentHead; path: string }
  | { op: 'table'; table: TableSpec }
  | { op: 'rows'; rows: Cell[][] }
  | { op: 'note'; note: DocumentNote }
  | { op: 'end' };

export type DocumentAnswer = { ok: true; size?: number } | { ok: false; message: string };

/** A document being written: the PDF and Excel writers both answer to this. */
export interface DocumentWriter {
  table(table: TableSpec): Promise<void>;
  rows(rows: Cell[][]): Promise<void>;
  note(note: DocumentNote): Promise<void>;
  end(): Promise<void>;
}
