// A sale document's tab as one table (issue #13 §2; spec §2 sale document tabs): the lines, use of
// credit, used-to-pay, paid-by and associated movements each show a titled card with an intro, the
// rows in the responsive table (or what stands when there are none) and, where money was allocated,
// the sum. Each tab route gives its own columns, rows and texts; the layout is this one.
import type { ReactNode } from 'react';
import { Price } from '../price';
import { ResponsiveTable, type Column } from '../responsive-table';

type Props<T> = {
  /** The tab's name: the section is `document-<name>` and its heading `<name>-title`. */
  name: string;
  title: string;
  intro?: string;
  /** The table's caption for screen readers (the title when not given). */
  caption?: string;
  columns: Column[];
  rows: T[];
  /** One <Row> of the table. */
  row: (r: T) => ReactNode;
  tableTestId: string;
  /** What stands instead of the table when there are no rows. */
  empty: { text: string; testId: string };
  /** The sum of the allocations below the table, with its label. */
  total?: { label: string; cents: (rows: T[]) => number; testId?: string };
  /** The section's test id (`document-<name>` when not given; null for none). */
  sectionTestId?: string | null;
  /** More of the tab below the table (the overview's VAT by rate). */
  children?: ReactNode;
};

export function DocumentTabTable<T>({ name, title, intro, caption, columns, rows, row, tableTestId, empty, total, sectionTestId, children }: Props<T>) {
  const sum = total ? total.cents(rows) : 0;
  return (
    <section className="card" aria-labelledby={`${name}-title`} data-testid={sectionTestId === null ? undefined : (sectionTestId ?? `document-${name}`)}>
      <h2 id={`${name}-title`} className={`${intro ? 'mb-1' : 'mb-3'} text-lg font-semibold`}>
        {title}
      </h2>
      {intro ? <p className="mb-3 text-sm text-slate-700">{intro}</p> : null}
      <ResponsiveTable caption={caption ?? title} columns={columns} testId={tableTestId} empty={{ when: rows.length === 0, text: empty.text, testId: empty.testId, className: 'text-slate-700' }}>
        {rows.map(row)}
      </ResponsiveTable>
      {total && rows.length ? (
        <p className="mt-3 text-right text-sm font-semibold" data-testid={total.testId} data-cents={total.testId ? sum : undefined}>
          {total.label}: <Price cents={sum} exact />
        </p>
      ) : null}
      {children}
    </section>
  );
}

/** The sum of the rows' allocated amounts: the total under the use of credit, paid-by and used-to-pay tabs. */
export const sumOf = (rows: { amountCents: number }[]) => rows.reduce((a, r) => a + r.amountCents, 0);

/** The columns of the tabs that list allocations to or from other documents (paid-by, used-to-pay). */
export function allocationColumns(t: (key: string) => string): Column[] {
  return [
    { key: 'document', label: t('col_document') },
    { key: 'status', label: t('col_status') },
    { key: 'when', label: t('col_when') },
    { key: 'amount', label: t('col_amount'), align: 'end' },
  ];
}
