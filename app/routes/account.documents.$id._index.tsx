// A document's overview (issue #13 §2): its lines as issued, VAT per rate (core/documents/lines.ts),
// net, VAT and total, the buyer as invoiced on a legal document, and the documents tied to it.
import { data, type LoaderFunctionArgs } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { vatByRate } from '../../core/documents/lines';
import { DocumentTabTable } from '../components/documents/tab-table';
import { Cell, Row } from '../components/responsive-table';
import { DocLink, StatusBadge } from '../components/documents/document-bits';
import { Price } from '../components/price';
import { loadOwnDocument } from '../lib/document-route.server';

type Buyer = { type?: string; name?: string; vatNumber?: string | null; taxOffice?: string | null; address?: string; city?: string; postcode?: string; country?: string; vatWaived?: boolean };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { document: d } = await loadOwnDocument(request, context, params);
  const [lines, related] = await Promise.all([context.services.documents.lines(d), context.services.documents.related(d)]);
  const legal = d.kind === 'invoice' || d.kind === 'receipt';
  return data({
    kind: d.kind,
    lines: lines.map((l) => ({ position: l.position, description: l.description, quantity: l.quantity, netCents: l.netCents, vatRateBp: l.vatRateBp, vatCents: l.vatCents, totalCents: l.totalCents })),
    vat: vatByRate(lines),
    totals: { netCents: d.netCents || d.totalCents - d.vatCents, vatCents: d.vatCents, totalCents: d.totalCents },
    buyer: legal && d.billing ? (d.billing as Buyer) : null,
    children: related.children.map((c) => ({ id: c.id, kind: c.kind, series: c.series, number: c.number, status: c.status, totalCents: c.totalCents })),
  });
}

const pct = (bp: number) => `${(bp / 100).toLocaleString('el-GR', { maximumFractionDigits: 2 })}%`;

export default function DocumentOverview() {
  const { kind, lines, vat, totals, buyer, children } = useLoaderData<typeof loader>();
  const { t } = useTranslation('documents');
  const { t: tc } = useTranslation('countries');
  const columns = [
    { key: 'description', label: t('col_description') },
    { key: 'quantity', label: t('col_quantity'), align: 'end' as const },
    { key: 'net', label: t('col_net'), align: 'end' as const },
    { key: 'rate', label: t('col_vat_rate'), align: 'end' as const },
    { key: 'vat', label: t('col_vat'), align: 'end' as const },
    { key: 'total', label: t('col_total'), align: 'end' as const },
  ];
  return (
    <div className="space-y-4" data-testid="document-overview">
      <DocumentTabTable
        name="lines"
        sectionTestId={null}
        title={t('lines_title')}
        caption={t('lines_caption')}
        columns={columns}
        rows={lines}
        tableTestId="document-lines"
        empty={{ text: kind === 'order' ? t('no_lines_order') : t('no_lines'), testId: 'no-lines' }}
        row={(l) => (
          <Row key={l.position} data-testid="document-line" data-total={l.totalCents}>
            <Cell label={columns[0]!.label}>{l.description}</Cell>
            <Cell label={columns[1]!.label} align="end">
              {l.quantity}
            </Cell>
            <Cell label={columns[2]!.label} align="end">
              <Price cents={l.netCents} exact />
            </Cell>
            <Cell label={columns[3]!.label} align="end">
              {pct(l.vatRateBp)}
            </Cell>
            <Cell label={columns[4]!.label} align="end">
              <Price cents={l.vatCents} exact />
            </Cell>
            <Cell label={columns[5]!.label} align="end">
              <Price cents={l.totalCents} exact />
            </Cell>
          </Row>
        )}
      >
        {vat.length ? (
          <div className="mt-4">
            <h3 className="mb-2 font-semibold">{t('vat_title')}</h3>
            <table className="w-full max-w-md text-sm" data-testid="vat-by-rate">
              <caption className="sr-only">{t('vat_caption')}</caption>
              <thead>
                <tr className="border-b border-slate-200 text-left text-slate-600">
                  <th scope="col" className="py-1 font-medium">
                    {t('col_rate')}
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    {t('col_net')}
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    {t('col_vat')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {vat.map((v) => (
                  <tr key={v.vatRateBp} className="border-b border-slate-100" data-testid="vat-rate" data-rate={v.vatRateBp}>
                    <th scope="row" className="py-1 text-left font-normal">
                      {pct(v.vatRateBp)}
                    </th>
                    <td className="py-1 text-right">
                      <Price cents={v.netCents} exact />
                    </td>
                    <td className="py-1 text-right">
                      <Price cents={v.vatCents} exact />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        <dl className="mt-4 ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" data-testid="document-sums" data-net={totals.netCents} data-vat={totals.vatCents} data-total={totals.totalCents}>
          <dt>{t('net_total')}</dt>
          <dd className="text-right">
            <Price cents={totals.netCents} exact />
          </dd>
          <dt>{t('vat_total')}</dt>
          <dd className="text-right">
            <Price cents={totals.vatCents} exact />
          </dd>
          <dt className="font-semibold">{t('grand_total')}</dt>
          <dd className="text-right font-semibold">
            <Price cents={totals.totalCents} exact />
          </dd>
        </dl>
      </DocumentTabTable>
      {buyer ? (
        <section className="card" aria-labelledby="buyer-title" data-testid="document-buyer">
          <h2 id="buyer-title" className="mb-3 text-lg font-semibold">
            {t('buyer_title')}
          </h2>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600">{t('buyer_name')}</dt>
            <dd className="break-words">{buyer.name}</dd>
            {buyer.vatNumber ? (
              <>
                <dt className="text-slate-600">{t('buyer_vat')}</dt>
                <dd>{buyer.vatNumber}</dd>
              </>
            ) : null}
            {buyer.taxOffice ? (
              <>
                <dt className="text-slate-600">{t('buyer_tax_office')}</dt>
                <dd>{buyer.taxOffice}</dd>
              </>
            ) : null}
            <dt className="text-slate-600">{t('buyer_address')}</dt>
            <dd className="break-words">{[buyer.address, [buyer.postcode, buyer.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')}</dd>
            {buyer.country ? (
              <>
                <dt className="text-slate-600">{t('buyer_country')}</dt>
                <dd>{tc(buyer.country, { defaultValue: buyer.country })}</dd>
              </>
            ) : null}
          </dl>
          {buyer.vatWaived ? <p className="mt-2 text-sm font-medium">{t('reverse_charge')}</p> : null}
        </section>
      ) : null}
      {children.length ? (
        <section className="card" aria-labelledby="related-title">
          <h2 id="related-title" className="mb-3 text-lg font-semibold">
            {t('related_title')}
          </h2>
          <ul className="space-y-1 text-sm" data-testid="related-documents">
            {children.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  {t(`kind.${c.kind}`)} <DocLink doc={c} testId="related-link" named={false} />
                </span>
                <span className="flex items-center gap-2">
                  <StatusBadge status={c.status} testId="related-status" />
                  <Price cents={c.totalCents} exact />
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
