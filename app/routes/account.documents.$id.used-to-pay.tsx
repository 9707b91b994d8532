// Used-to-pay (issue #13 §2; spec §2 sale document tabs): for a payment or a credit note, the
// documents it paid and how much of each (document_allocations with this paying document; for a credit
// note, the uses of credit its credit paid, oldest note first: worker/services/documents/documents.ts).
import { data, type LoaderFunctionArgs } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Cell, ResponsiveTable, Row } from '../components/account/responsive-table';
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
  const columns = [
    { key: 'document', label: t('col_document') },
    { key: 'status', label: t('col_status') },
    { key: 'when', label: t('col_when') },
    { key: 'amount', label: t('col_amount'), align: 'end' as const },
  ];
  return (
    <section className="card" aria-labelledby="used-title" data-testid="document-used-to-pay">
      <h2 id="used-title" className="mb-1 text-lg font-semibold">
        {t('used_title')}
      </h2>
      <p className="mb-3 text-sm text-slate-700">{credit ? t('used_intro_credit') : t('used_intro')}</p>
      {rows.length === 0 ? (
        <p className="text-slate-700" data-testid="tab-empty">
          {paying ? t('used_none') : t('used_not_paying')}
        </p>
      ) : (
        <>
          <ResponsiveTable caption={t('used_title')} columns={columns} testId="used-to-pay">
            {rows.map((r) => (
              <Row key={r.id} data-testid="used-to-pay-row" data-amount={r.amountCents} data-document={r.document.id}>
                <Cell label={columns[0]!.label}>
                  <DocLink doc={r.document} />
                </Cell>
                <Cell label={columns[1]!.label}>
                  <StatusBadge status={r.document.status} testId="row-status" />
                </Cell>
                <Cell label={columns[2]!.label}>{when(r.at)}</Cell>
                <Cell label={columns[3]!.label} align="end">
                  <Price cents={r.amountCents} exact />
                </Cell>
              </Row>
            ))}
          </ResponsiveTable>
          <p className="mt-3 text-right text-sm font-semibold">
            {t('allocated_total')}: <Price cents={rows.reduce((a, r) => a + r.amountCents, 0)} exact />
          </p>
        </>
      )}
    </section>
  );
}
