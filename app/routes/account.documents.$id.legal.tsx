// The legal documents tab of a sale document (issue #13 §2–3, decision 042): an invoice, receipt or
// corrective credit note shows itself; an order's document shows its invoice or receipt (and their
// credit notes). Each with its files — the rendered PDF in versions (a new one once myDATA gave it a
// MARK) and staff uploads — to download. The loader renders a missing PDF first, so there is always a
// file to download.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Price } from '../components/price';
import { loadOwnDocument } from '../lib/document-route.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { documentNumber } from '../../worker/services/documents';
import { athensFormat } from '../lib/date-format';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { document, session } = await loadOwnDocument(request, context, params);
  const { t } = await pageT(request);
  const legal = context.services.legalDocuments;
  const docs = await legal.legalDocumentsOf(session.user.id, document);
  const shown = [];
  for (const d of docs) {
    await legal.ensurePdf(d.id);
    const files = await legal.filesOf(d.id);
    shown.push({
      id: d.id,
      kind: d.kind,
      number: documentNumber(d.series, d.number),
      createdAt: d.createdAt.getTime(),
      totalCents: d.totalCents,
      // Newest first: the version a customer wants is the top one.
      files: files.reverse().map((f) => ({ id: f.id, filename: f.filename, sizeBytes: f.sizeBytes, createdAt: f.createdAt.getTime(), version: f.version, source: f.source })),
    });
  }
  return {
    meta: { title: t('legal:meta_title', { number: documentNumber(document.series, document.number) }) },
    docs: shown,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export default function LegalTab() {
  const { docs } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation('legal');
  const locale = i18n.language === 'en' ? 'en-GB' : 'el-GR';
  const when = (ms: number) => athensFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
  const size = (bytes: number) => t('size_kb', { size: new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(bytes / 1024) });
  return (
    <section aria-labelledby="legal-title" data-testid="legal-tab">
      <h2 id="legal-title" className="text-xl font-semibold">
        {t('title')}
      </h2>
      {docs.length === 0 ? (
        <p className="mt-3 text-slate-700" data-testid="legal-none">
          {t('none')}
        </p>
      ) : (
        docs.map((d) => (
          <article key={d.id} className="mt-4 rounded-lg border border-slate-200 p-4" data-testid="legal-document" data-number={d.number}>
            <h3 className="text-lg font-semibold">
              {t(`kind.${d.kind}`)} <span className="whitespace-nowrap">{d.number}</span>
            </h3>
            <p className="text-sm text-slate-700">
              {when(d.createdAt)} · <Price cents={d.totalCents} exact />
            </p>
            <ul className="mt-3 divide-y divide-slate-200">
              {d.files.map((f) => (
                <li key={f.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="legal-file">
                  <div className="min-w-0">
                    <p className="break-all font-medium">{f.filename}</p>
                    <p className="text-sm text-slate-700">
                      {f.source === 'rendered' ? t('version', { n: f.version }) : t('uploaded', { n: f.version })} · {when(f.createdAt)} · {size(f.sizeBytes)}
                    </p>
                  </div>
                  <a
                    href={`/account/documents/${d.id}/files/${f.id}`}
                    download={f.filename}
                    className="inline-flex min-h-11 items-center rounded-md border border-blue-800 px-4 py-2 font-medium text-blue-900 hover:bg-blue-50"
                    data-testid="legal-download"
                  >
                    {t('download')}
                    <span className="sr-only"> {f.filename}</span>
                  </a>
                </li>
              ))}
            </ul>
          </article>
        ))
      )}
    </section>
  );
}
