// Used-to-pay (issue #13 §2; spec §2 sale document tabs): for a payment or a credit note, the
// documents it paid and how much of each (document_allocations with this paying document; for a credit
// note, the uses of credit its credit paid, oldest note first: worker/services/documents/documents.ts).
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
  const rows = await context.services.documents.usedToPay(d);
  return data({
    paying: d.kind === 'payment' || d.kind === 'credit',
    credit: d.kind === 'credit',
    rows: rows.map((r) => ({ id: r.allocationId, amountCents: r.amountCents, at: r.at.getTime(), document: { id: r.document.id, kind: r.document.kind, series: r.document.series, number: r.document.number, status: r.document.status } })),
  });
}

export default function DocumentUsedToPay() {
  const { paying, credit, rows } = useLoaderData<typeof loader>();
  const { t } = useTranslation('documents');
  const when = useDocDate();
  const columns = allocationColumns(t);
  return (
    <DocumentTabTable
      name="used-to-pay"
      title={t('used_title')}
      intro={credit ? t('used_intro_credit') : t('used_intro')}
      columns={columns}
      rows={rows}
      tableTestId="used-to-pay"
      empty={{ text: paying ? t('used_none') : t('used_not_paying'), testId: 'tab-empty' }}
      total={{ label: t('allocated_total'), cents: sumOf }}
      row={(r) => (
        <Row key={r.id} data-testid="used-to-pay-row" data-amount={r.amountCents} data-document={r.document.id}>
          <Cell label={t('col_document')}>
            <DocLink doc={r.document} />
          </Cell>
          <Cell label={t('col_status')}>
            <StatusBadge status={r.document.status} testId="row-status" />
          </Cell>
          <Cell label={t('col_when')}>{when(r.at)}</Cell>
          <Cell label={t('col_amount')} align="end">
            <Price cents={r.amountCents} exact />
          </Cell>
        </Row>
      )}
    />
  );
}
