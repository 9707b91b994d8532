// Small pieces shared by the documents list and the document pages (issue #13 §2): the status badge
// (the §4 statuses, translated, with a tone), the document's number as one formatter writes it, dates
// in Athens time, and a link to a document.
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { documentNumber } from '../../../core/documents/format';
import { athensFormat } from '../../lib/date-format';

const TONE: Record<string, string> = {
  OPEN: 'bg-sky-100 text-sky-900',
  ON_PAYMENT: 'bg-sky-100 text-sky-900',
  PENDING: 'bg-slate-100 text-slate-800',
  PAID: 'bg-green-100 text-green-900',
  COMPLETED: 'bg-green-100 text-green-900',
  REFUNDED: 'bg-violet-100 text-violet-900',
  PARTIALLY_REFUNDED: 'bg-violet-100 text-violet-900',
  CANCELLED: 'bg-slate-200 text-slate-800',
  ERROR: 'bg-red-100 text-red-900',
  OVERDUE: 'bg-red-100 text-red-900',
  DECLINED: 'bg-amber-100 text-amber-900',
};

export function StatusBadge({ status, testId = 'document-status' }: { status: string; testId?: string }) {
  const { t } = useTranslation('documents');
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${TONE[status] ?? 'bg-slate-100 text-slate-800'}`} data-testid={testId} data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}

export function useDocDate() {
  const { i18n } = useTranslation();
  return (ms: number | string | Date) => athensFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(ms));
}

/** A link to a document by its number; `named` says its kind to screen readers when no text beside it does. */
export function DocLink({ doc, testId = 'document-link', named = true }: { doc: { id: number; kind: string; series: string; number: number }; testId?: string; named?: boolean }) {
  const { t } = useTranslation('documents');
  return (
    // The accessible name starts with the visible number's kind (label in name): "Receipt REC-000001".
    <Link to={`/account/documents/${doc.id}`} className="link-button whitespace-nowrap font-medium" data-testid={testId} data-id={doc.id} aria-label={named ? `${t(`kind.${doc.kind}`)} ${documentNumber(doc)}` : undefined}>
      {documentNumber(doc)}
    </Link>
  );
}
