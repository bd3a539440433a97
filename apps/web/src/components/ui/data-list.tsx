// biome-ignore-all lint/a11y/noRedundantRoles: the table's roles are explicit on purpose: a phone's
// display styles (cards) would make browsers drop the implicit ones.
import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '../../lib/utils';

export type DataColumn<Row> = {
  /** Stable key of the column. */
  id: string;
  /** The column's heading in the table, and the field's label on a phone's card. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** The card's title (the item's name): first on the card wherever its column is, larger, unlabelled. */
  primary?: boolean;
  /** A detail a phone does without: left out of the card (the table shows it). */
  hideOnCard?: boolean;
  /** The row's buttons and links: at the card's foot, full width, with large touch targets. */
  actions?: boolean;
  /** On the card, across both columns (a long value: an address, a reason). */
  wide?: boolean;
  /** The heading is read by screen readers only (an actions column). */
  srOnlyHeader?: boolean;
  /** Classes of the cell (both layouts). */
  className?: string;
};

type RowAttributes = HTMLAttributes<HTMLTableRowElement> & { [data: `data-${string}`]: string | undefined };

type DataListProps<Row> = {
  /** Read by screen readers as the table's name. */
  caption: string;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Test ids, data attributes or classes of a row (both layouts). */
  rowProps?: (row: Row) => RowAttributes;
  /** Classes of the table (prefix them `@3xl:`), e.g. a minimum width that scrolls inside its card. */
  tableClassName?: string;
  className?: string;
};

/**
 * A list that is a table where it has room (48 rem, 768 px, of its own width) and a stack of cards
 * below, on phones, where its columns cannot fit. One rendering restyled by CSS alone: no script decides, nothing flashes, each
 * row is in the page once. The explicit roles keep the table's semantics when a phone's styles
 * change the elements' display (browsers drop them otherwise), so a screen reader still hears each
 * value with its column's heading; the card's visible labels are hidden from it to avoid the echo.
 */
export function DataList<Row>({
  caption,
  columns,
  rows,
  rowKey,
  rowProps,
  tableClassName,
  className,
}: DataListProps<Row>) {
  return (
    // The list's own width decides (a container query), not the screen's: the side menu and a
    // dialog leave it less room than the viewport suggests.
    <div className={cn('@container', className)}>
      <div className="@3xl:overflow-x-auto @3xl:rounded-xl @3xl:border @3xl:border-ink-700 @3xl:bg-ink-850 @3xl:shadow-lg @3xl:shadow-black/20">
        <table role="table" className={cn('block w-full text-sm @3xl:table', tableClassName)}>
          <caption className="sr-only">{caption}</caption>
          <thead role="rowgroup" className="@max-3xl:sr-only @3xl:border-b @3xl:border-ink-700">
            <tr role="row">
              {columns.map((column) => (
                <th
                  key={column.id}
                  role="columnheader"
                  scope="col"
                  className="px-3 py-3 text-left text-xs font-medium tracking-wide text-fg-muted uppercase"
                >
                  {column.srOnlyHeader ? <span className="sr-only">{column.header}</span> : column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody
            role="rowgroup"
            className="flex flex-col gap-3 @3xl:table-row-group @3xl:divide-y @3xl:divide-ink-700"
          >
            {rows.map((row) => {
              const { className: rowClassName, ...attributes } = rowProps?.(row) ?? {};
              return (
                <tr
                  key={rowKey(row)}
                  role="row"
                  {...attributes}
                  className={cn(
                    'grid grid-cols-2 gap-x-4 gap-y-3 text-slate-200 @3xl:table-row',
                    '@max-3xl:rounded-xl @max-3xl:border @max-3xl:border-ink-700 @max-3xl:bg-ink-850 @max-3xl:p-4 @max-3xl:shadow-lg @max-3xl:shadow-black/20',
                    rowClassName,
                  )}
                >
                  {columns.map((column) => (
                    <td
                      key={column.id}
                      role="cell"
                      className={cn(
                        'min-w-0 break-words @3xl:px-3 @3xl:py-3 @3xl:align-middle',
                        column.primary &&
                          'col-span-2 text-base font-medium text-white @max-3xl:order-first @3xl:text-sm',
                        column.wide && 'col-span-2',
                        column.actions &&
                          'col-span-2 @max-3xl:order-last @max-3xl:border-t @max-3xl:border-ink-700 @max-3xl:pt-3 @max-3xl:[&_a]:min-h-11 @max-3xl:[&_button]:min-h-11 @max-3xl:[&_button]:min-w-11',
                        column.hideOnCard && '@max-3xl:hidden',
                        column.className,
                      )}
                    >
                      {column.primary || column.actions ? null : (
                        <span
                          aria-hidden="true"
                          className="mb-0.5 block font-sans text-xs font-normal text-fg-muted @3xl:hidden"
                        >
                          {column.header}
                        </span>
                      )}
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/**
 * A name cut with an ellipsis where its box is really short; the whole name shows on hover and
 * screen readers read it whole (the cut is only drawn).
 */
export function TruncatedText({ text, className }: { text: string; className?: string }) {
  return (
    <span title={text} className={cn('block min-w-0 truncate', className)}>
      {text}
    </span>
  );
}
