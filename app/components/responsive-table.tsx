// Spec §2 responsive tables, the one implementation every list of the app uses: a real <table> from
// 768 px; under it every row becomes a card of "label: value" lines with its actions as buttons, and
// nothing scrolls sideways at 390 px. One DOM for both (the cells carry their column's label, shown
// only on the card), so nothing is rendered twice. With it: the row actions' cell, the 'Default'
// marker, the empty state shown instead of a table with no rows, and the small POST form of one row
// action (delete, set as default …).
import { Form } from '@remix-run/react';
import type { FormEvent, ReactNode, RefObject } from 'react';
import { SubmitButton } from '../lib/forms';
import { CsrfInput } from './csrf-input';
import { PageIdInput } from './page-id-input';

/** `sort` marks a sortable column's state for assistive technology (aria-sort on its header). */
export type Column = { key: string; label: ReactNode; align?: 'end'; sort?: 'ascending' | 'descending' | 'none' };

type TableProps = {
  caption: string;
  columns: Column[];
  children: ReactNode;
  testId?: string;
  /** Spec §2 empty state: with `when`, this text stands instead of the table. */
  empty?: { when: boolean; text: ReactNode; testId?: string; className?: string };
  /** The table element, e.g. for one click handler over its rows' links (app/lib/row-links.ts). */
  tableRef?: RefObject<HTMLTableElement>;
};

export function ResponsiveTable({ caption, columns, children, testId, empty, tableRef }: TableProps) {
  if (empty?.when) {
    return (
      <p className={empty.className ?? 'text-sm text-slate-700'} data-testid={empty.testId}>
        {empty.text}
      </p>
    );
  }
  return (
    <table ref={tableRef} className="block w-full text-left text-sm md:table" data-testid={testId}>
      <caption className="sr-only">{caption}</caption>
      <thead className="hidden md:table-header-group">
        <tr className="border-b border-slate-200 text-left text-slate-600">
          {columns.map((c) => (
            <th key={c.key} scope="col" aria-sort={c.sort} className={`px-2 py-2 font-medium ${c.align === 'end' ? 'text-right' : ''}`}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="block space-y-3 md:table-row-group md:space-y-0">{children}</tbody>
    </table>
  );
}

export function Row({ children, ...rest }: { children: ReactNode } & Record<`data-${string}`, string | number | boolean | undefined>) {
  return (
    <tr className="rt-row" {...rest}>
      {children}
    </tr>
  );
}

type CellProps = {
  /** The column's name, shown before the value on the small-screen card. */
  label?: string;
  children: ReactNode;
  align?: 'end';
  /** The row's own name (a row header: `<th scope="row">`). */
  rowHeader?: boolean;
  className?: string;
  /**
   * Its place on the small-screen card (issue #25 §6): 'title' is the card's heading (the row's name,
   * its column label not shown), 'select' the row's checkbox, set beside the title.
   */
  card?: 'title' | 'select';
};

/** One cell; `label` is its column's name, shown before the value on the small-screen card. */
export function Cell({ label, children, align, rowHeader, className = '', card }: CellProps) {
  const Tag = rowHeader ? 'th' : 'td';
  const base = card ? `rt-cell rt-${card}` : 'rt-cell';
  return (
    <Tag
      scope={rowHeader ? 'row' : undefined}
      className={rowHeader ? (align === 'end' ? `${base} font-semibold md:text-right` : `${base} font-semibold`) : align === 'end' ? `${base} md:text-right` : base}
    >
      {label ? (
        <span className="rt-label" aria-hidden="true">
          {label}
        </span>
      ) : null}
      <div className={className ? `rt-value ${className}` : 'rt-value'}>{children}</div>
    </Tag>
  );
}

/** The row's actions (Edit, Delete, Manage, Set as default …): buttons in a line on the card. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <td className="rt-actions">
      <div className="rt-actions-list">{children}</div>
    </td>
  );
}

/** Spec §2: the 'Default' marker of the row that is the default (in place of its 'Set as default'). */
export function DefaultMarker({ children }: { children: ReactNode }) {
  return (
    <span className="rounded bg-blue-100 px-2 py-1 text-xs text-blue-900" data-testid="default-badge">
      {children}
    </span>
  );
}

type RowActionProps = {
  /** The row's id, posted as `id`. */
  id: number;
  intent: string;
  children: ReactNode;
  className?: string;
  testId?: string;
  /** Asked before posting, with JavaScript (without it the action answers as usual). */
  confirm?: string;
};

/** One row action as a plain POST (CSRF token, page id, the row's id and the intent): works without JavaScript. */
export function RowActionForm({ id, intent, children, className = 'btn-secondary px-2 py-1 text-sm', testId, confirm }: RowActionProps) {
  const onSubmit = confirm ? (e: FormEvent) => (!window.confirm(confirm) ? e.preventDefault() : undefined) : undefined;
  return (
    <Form method="post" onSubmit={onSubmit}>
      <CsrfInput />
      <PageIdInput />
      <input type="hidden" name="id" value={id} />
      <SubmitButton intent={intent} className={className} testId={testId}>
        {children}
      </SubmitButton>
    </Form>
  );
}
