// What every report table is made of: a source read in keyset pages, each page its own short
// transaction of the company, so a period of 100,000 rows never sits whole in memory.
import type { ReportFormat } from '@vigie/contract/reports.contract';
import type { Database } from '../../../db/client';
import { type Language, translate } from '../../../lib/languages';
import type { Cell, DocumentNote, TableSpec } from '../document/types';
import type { Period } from '../period';

export const PAGE_ROWS = 2_000;
/** Rows of one table at most: what the bench measures, with a margin. */
export const MAX_TABLE_ROWS = 250_000;

export interface TableSource {
  spec: TableSpec;
  /** The next page after `after` (the last row's key), or an empty page at the end. */
  page(after: unknown[] | null): Promise<{ rows: Cell[][]; last: unknown[] | null }>;
  /** Said after the table's rows (a main courante's integrity check). */
  notes?(): Promise<DocumentNote[]>;
}

export interface Scope {
  db: Database;
  companyId: string;
  period: Period;
  siteId: string | null;
  /** The document being built (a PDF draws photos, a spreadsheet counts them). */
  format?: ReportFormat;
  /** The document's language (French when not said). */
  language?: Language;
}

/** A fixed text of the document in its language (`values` are never translated, but `…Label` ones). */
export const say = (s: Scope, text: string, values?: Record<string, unknown>) =>
  translate(s.language ?? 'fr', text, values);

/** A table's title, empty sentence and headers (each line of a two-line header) in the language. */
export const localSpec = (s: Scope, spec: TableSpec): TableSpec => ({
  title: say(s, spec.title),
  empty: say(s, spec.empty),
  columns: spec.columns.map((c) => ({
    ...c,
    header: c.header
      .split('\n')
      .map((line) => say(s, line))
      .join('\n'),
  })),
});

export const asDate = (v: Date | string | null) => (v === null ? null : v instanceof Date ? v : new Date(v));
