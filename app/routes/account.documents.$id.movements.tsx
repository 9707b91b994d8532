// Associated movements (issue #13 §2; spec §2 sale document tabs): the credit-balance movements tied
// to this document — a credit note's own movement, its order's use of credit, credit given back for
// its order's items or a cancelled order, and the uses of credit that paid it.
import { data, type LoaderFunctionArgs } from '@remix-run/cloudflare';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { documentNumber } from '../../core/documents/format';
import { DocumentTabTable } from '../components/documents/tab-table';
import { Cell, Row } from '../components/responsive-table';
import { useDocDate } from '../components/documents/document-bits';
import { Price } from '../components/price';
import { loadOwnDocument } from '../lib/document-route.server';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { document: d } = await loadOwnDocument(request, context, params);
  const rows = await context.services.documents.movements(d);
  return data({
    rows: rows.map((m) => ({ id: m.id, amountCents: m.amountCents, reason: m.reason, at: m.at.getTime(), orderId: m.orderId, documentId: m.documentId, note: m.document ? documentNumber(m.document) : null })),
  });
}

export default function DocumentMovements() {
  const { rows } = useLoaderData<typeof loader>();
  const { t } = useTranslation('documents');
  const when = useDocDate();
  const columns = [
    { key: 'movement', label: t('col_movement') },
    { key: 'reason', label: t('col_reason') },
    { key: 'when', label: t('col_when') },
    { key: 'amount', label: t('col_amount'), align: 'end' as const },
  ];
  return (
    <DocumentTabTable
      name="movements"
      title={t('movements_title')}
      intro={t('movements_intro')}
      columns={columns}
      rows={rows}
      tableTestId="movements"
      empty={{ text: t('movements_none'), testId: 'tab-empty' }}
      row={(m) => (
        <Row key={m.id} data-testid="movement-row" data-id={m.id} data-amount={m.amountCents} data-reason={m.reason}>
          <Cell label={columns[0]!.label}>
            {t('credit_movement', { id: m.id })}
            {m.note && m.documentId ? (
              <>
                {' · '}
                <Link to={`/account/documents/${m.documentId}`} className="link-button">
                  {m.note}
                </Link>
              </>
            ) : null}
          </Cell>
          <Cell label={columns[1]!.label}>{t(`movement_reason.${m.reason}`)}</Cell>
          <Cell label={columns[2]!.label}>{when(m.at)}</Cell>
          <Cell label={columns[3]!.label} align="end">
            <Price cents={m.amountCents} exact />
          </Cell>
        </Row>
      )}
    />
  );
}
