// Use of credit (issue #13 §2; spec §2 sale document tabs): the credit-balance movements that paid
// this document — for a receipt or invoice, those that paid its order (document_allocations rows with
// a credit movement).
import { data, type LoaderFunctionArgs } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { DocumentTabTable, sumOf } from '../components/documents/tab-table';
import { Cell, Row } from '../components/responsive-table';
import { useDocDate } from '../components/documents/document-bits';
import { Price } from '../components/price';
import { loadOwnDocument } from '../lib/document-route.server';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { document: d } = await loadOwnDocument(request, context, params);
  const rows = await context.services.documents.creditUse(d);
  return data({ rows: rows.map((r) => ({ id: r.id, movementId: r.movementId, amountCents: r.amountCents, at: r.at.getTime(), reason: r.reason })) });
}

export default function DocumentCreditUse() {
  const { rows } = useLoaderData<typeof loader>();
  const { t } = useTranslation('documents');
  const when = useDocDate();
  const columns = [
    { key: 'movement', label: t('col_movement') },
    { key: 'when', label: t('col_when') },
    { key: 'amount', label: t('col_amount'), align: 'end' as const },
  ];
  return (
    <DocumentTabTable
      name="credit"
      title={t('credit_title')}
      intro={t('credit_intro')}
      columns={columns}
      rows={rows}
      tableTestId="credit-use"
      empty={{ text: t('credit_none'), testId: 'tab-empty' }}
      total={{ label: t('allocated_total'), cents: sumOf }}
      row={(r) => (
        <Row key={r.id} data-testid="credit-use-row" data-amount={r.amountCents} data-movement={r.movementId}>
          <Cell label={columns[0]!.label}>{t('credit_movement', { id: r.movementId })}</Cell>
          <Cell label={columns[1]!.label}>{when(r.at)}</Cell>
          <Cell label={columns[2]!.label} align="end">
            <Price cents={r.amountCents} exact />
          </Cell>
        </Row>
      )}
    />
  );
}
