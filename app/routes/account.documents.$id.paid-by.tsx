// Paid-by (issue #13 §2; spec §2 sale document tabs): what paid this order or debit — payment
// documents, credit notes and uses of the credit balance; for a receipt or invoice, what paid its
// order's document (related_document_id). The sum shown is what the balance is taken from.
import { data, type LoaderFunctionArgs } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { allocationColumns, DocumentTabTable, sumOf } from '../components/documents/tab-table';
import { Cell, Row } from '../components/responsive-table';
import { DocLink, StatusBadge, useDocDate } from '../components/documents/document-bits';
import { Price } from '../components/price';
import { loadOwnDocument } from '../lib/document-route.server';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { document: d } = await loadOwnDocument(request, context, params);
  const rows = await context.services.documents.paidBy(d);
  return data({
    mode: d.kind === 'order' || d.kind === 'debit' ? ('due' as const) : d.kind === 'invoice' || d.kind === 'receipt' ? ('legal' as const) : ('paying' as const),
    rows: rows.map((r) => ({
      id: r.allocationId,
      amountCents: r.amountCents,
      at: r.at.getTime(),
      movementId: r.creditMovementId,
      document: r.document ? { id: r.document.id, kind: r.document.kind, series: r.document.series, number: r.document.number, status: r.document.status } : null,
    })),
  });
}

export default function DocumentPaidBy() {
  const { mode, rows } = useLoaderData<typeof loader>();
  const { t } = useTranslation('documents');
  const when = useDocDate();
  const columns = allocationColumns(t);
  return (
    <DocumentTabTable
      name="paid-by"
      title={t('paid_title')}
      intro={mode === 'legal' ? t('paid_intro_legal') : t('paid_intro')}
      columns={columns}
      rows={rows}
      tableTestId="paid-by"
      empty={{ text: mode === 'paying' ? t('paid_not_due') : t('paid_none'), testId: 'tab-empty' }}
      total={{ label: t('allocated_total'), cents: sumOf, testId: 'paid-by-total' }}
      row={(r) => (
        <Row key={r.id} data-testid="paid-by-row" data-amount={r.amountCents} data-document={r.document?.id} data-movement={r.movementId ?? undefined}>
          <Cell label={t('col_document')}>{r.document ? <DocLink doc={r.document} /> : t('paid_credit', { id: r.movementId })}</Cell>
          <Cell label={t('col_status')}>{r.document ? <StatusBadge status={r.document.status} testId="row-status" /> : '—'}</Cell>
          <Cell label={t('col_when')}>{when(r.at)}</Cell>
          <Cell label={t('col_amount')} align="end">
            <Price cents={r.amountCents} exact />
          </Cell>
        </Row>
      )}
    />
  );
}
