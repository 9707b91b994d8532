// Spec §2 responsive tables: a real <table> from 768 px up; under it every row becomes a card of
// "label: value" lines with its actions as buttons, and nothing scrolls sideways at 390 px. One DOM
// for both (the cells carry their column's label, shown only on the card), so nothing is rendered twice.
import type { ReactNode } from 'react';

export type Column = { key: string; label: string; align?: 'end' };

export function ResponsiveTable({ caption, columns, children, testId }: { caption: string; columns: Column[]; children: ReactNode; testId?: string }) {
  return (
    <table className="block w-full text-sm md:table" data-testid={testId}>
      <caption className="sr-only">{caption}</caption>
      <thead className="hidden md:table-header-group">
        <tr className="border-b border-slate-200 text-left text-slate-600">
          {columns.map((c) => (
            <th key={c.key} scope="col" className={`px-2 py-2 font-medium ${c.align === 'end' ? 'text-right' : ''}`}>
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
    <tr className="block rounded border border-slate-200 p-3 md:table-row md:rounded-none md:border-0 md:border-b md:border-slate-100 md:p-0" {...rest}>
      {children}
    </tr>
  );
}

/** One cell; `label` is its column's name, shown before the value on the small-screen card. */
export function Cell({ label, children, align, actions }: { label?: string; children: ReactNode; align?: 'end'; actions?: boolean }) {
  return (
    <td
      className={`flex flex-wrap items-baseline justify-between gap-x-3 py-1 md:table-cell md:px-2 md:py-2 md:align-middle ${align === 'end' ? 'md:text-right' : ''} ${actions ? 'mt-2 justify-start md:mt-0' : ''}`}
    >
      {label && !actions ? (
        <span className="text-slate-600 md:hidden" aria-hidden="true">
          {label}
        </span>
      ) : null}
      <div className={`min-w-0 break-words ${actions ? 'flex w-full flex-wrap gap-2 md:w-auto md:justify-end' : ''}`}>{children}</div>
    </td>
  );
}
