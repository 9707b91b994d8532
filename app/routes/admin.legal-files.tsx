// Staff: the files of a legal document (issue #13 §3, decision 042), on the admin host. Find an
// invoice, receipt or credit note by its number (INV-000012), see its files, download them, and add a
// file of their own (a PDF up to 10 MB, multipart; the same bytes twice on one document: 35523).
// GET finds, one POST action uploads (PRG), so it works without JavaScript.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { documentNumber } from '../../worker/services/documents';
import { CsrfInput } from '../components/csrf-input';
import { Price } from '../components/price';
import { requireStaff } from '../lib/auth.server';
import { codeAlertType, codeMessage } from '../lib/codes';
import { FormAlert } from '../lib/forms';
import { readProtectedForm } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { codeData } from '../lib/route-error.server';
import { athensFormat } from '../lib/date-format';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, 'documents.manage');
  const { t } = await pageT(request);
  const url = new URL(request.url);
  const number = (url.searchParams.get('number') ?? '').trim().slice(0, 40);
  const legal = context.services.legalDocuments;
  const found = number ? await legal.findByNumber(number) : null;
  const doc = found && (await legal.isLegal(found)) ? found : null;
  if (doc) await legal.ensurePdf(doc.id);
  const files = doc ? (await legal.filesOf(doc.id)).reverse() : [];
  return {
    meta: { title: t('legal:admin.meta_title') },
    number,
    notFound: number !== '' && !doc,
    uploaded: url.searchParams.get('done') === 'uploaded',
    document: doc ? { id: doc.id, kind: doc.kind, number: documentNumber(doc.series, doc.number), userId: doc.userId, totalCents: doc.totalCents, createdAt: doc.createdAt.getTime() } : null,
    files: files.map((f) => ({ id: f.id, filename: f.filename, sizeBytes: f.sizeBytes, createdAt: f.createdAt.getTime(), version: f.version, source: f.source })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

type ActionData = { code: number; message?: string };

export async function action({ request, context }: ActionFunctionArgs) {
  await requireStaff(request, context, 'documents.manage');
  const form = await readProtectedForm(request, context);
  if (form.get('intent') !== 'upload') throw data(codeData({ code: ErrorCode.UNRECOGNIZED_ACTION }), { status: 400 });
  const documentId = Number(form.get('document_id'));
  const file = form.get('file');
  if (!Number.isSafeInteger(documentId) || documentId <= 0) throw data(codeData({ code: ErrorCode.VALIDATION_ERROR }), { status: 400 });
  if (!(file instanceof File) || file.size === 0) return data<ActionData>({ code: ErrorCode.VALIDATION_ERROR, message: 'legal:upload.not_pdf' }, 400);
  const result = await context.services.legalDocuments.attach(documentId, new Uint8Array(await file.arrayBuffer()), file.type, file.name);
  if (!result.ok) return data<ActionData>({ code: result.code, message: result.message }, result.code === ErrorCode.DUPLICATE_FILE_ON_LEGAL_DOCUMENT ? 409 : result.code === ErrorCode.SALE_DOCUMENT_NOT_FOUND ? 404 : 400);
  const doc = await context.services.documents.documentFor(null, documentId);
  const number = doc ? documentNumber(doc.series, doc.number) : '';
  return redirect(`/admin/legal-files?number=${encodeURIComponent(number)}&done=uploaded`, 303);
}

export default function AdminLegalFiles() {
  const { number, notFound, uploaded, document: doc, files } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const { t, i18n } = useTranslation('legal');
  const locale = i18n.language === 'en' ? 'en-GB' : 'el-GR';
  const when = (ms: number) => athensFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
  const kb = (bytes: number) => t('size_kb', { size: new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(bytes / 1024) });
  return (
    <div className="max-w-4xl" data-testid="admin-legal-files">
      <p className="text-sm">
        <Link to="/admin" className="text-blue-800 underline">
          {t('common:admin.title')}
        </Link>
      </p>
      <h1 className="mt-1 text-3xl font-bold">{t('admin.title')}</h1>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="legal-number" className="block font-medium">
            {t('admin.find_label')}
          </label>
          <input id="legal-number" name="number" defaultValue={number} aria-describedby="legal-number-hint" className="mt-1 min-h-11 rounded-md border border-slate-400 px-3" />
          <p id="legal-number-hint" className="text-sm text-slate-600">
            {t('admin.find_hint')}
          </p>
        </div>
        <button type="submit" className="btn-primary mb-6 min-h-11 rounded-md bg-blue-800 px-4 font-medium text-white">
          {t('admin.find')}
        </button>
      </Form>
      <div aria-live="polite">
        {notFound ? (
          <FormAlert type="alert" testId="legal-not-found">
            {t('admin.not_found')}
          </FormAlert>
        ) : null}
        {uploaded ? (
          <FormAlert type="success" testId="legal-uploaded">
            {t('admin.uploaded_ok')}
          </FormAlert>
        ) : null}
        {actionData ? (
          <FormAlert type={codeAlertType(actionData.code)} testId="legal-upload-alert" code={actionData.code}>
            {actionData.message ? t(actionData.message) : codeMessage(t, actionData.code)}
          </FormAlert>
        ) : null}
      </div>
      {doc ? (
        <section className="card mt-4" aria-labelledby="legal-doc-title" data-testid="legal-admin-document" data-number={doc.number}>
          <h2 id="legal-doc-title" className="text-xl font-semibold">
            {t(`kind.${doc.kind}`)} <span className="whitespace-nowrap">{doc.number}</span>
          </h2>
          <p className="text-sm text-slate-700">
            {t('admin.customer', { id: doc.userId })} · {when(doc.createdAt)} · <Price cents={doc.totalCents} exact />
          </p>
          <h3 className="mt-4 font-semibold">{t('admin.files')}</h3>
          {files.length === 0 ? <p className="text-slate-700">{t('admin.no_files')}</p> : null}
          <ul className="divide-y divide-slate-200">
            {files.map((f) => (
              <li key={f.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="legal-file" data-source={f.source}>
                <div className="min-w-0">
                  <p className="break-all font-medium">{f.filename}</p>
                  <p className="text-sm text-slate-700">
                    {f.source === 'rendered' ? t('version', { n: f.version }) : t('uploaded', { n: f.version })} · {when(f.createdAt)} · {kb(f.sizeBytes)}
                  </p>
                </div>
                <a href={`/admin/legal-files/${f.id}`} download={f.filename} className="inline-flex min-h-11 items-center rounded-md border border-blue-800 px-4 py-2 font-medium text-blue-900 hover:bg-blue-50">
                  {t('download')}
                  <span className="sr-only"> {f.filename}</span>
                </a>
              </li>
            ))}
          </ul>
          <Form method="post" encType="multipart/form-data" className="mt-4 border-t border-slate-200 pt-4" data-testid="legal-upload-form">
            <CsrfInput />
            <input type="hidden" name="intent" value="upload" />
            <input type="hidden" name="document_id" value={doc.id} />
            <h3 className="font-semibold">{t('admin.upload_title')}</h3>
            <label htmlFor="legal-file" className="mt-2 block font-medium">
              {t('admin.file_label')}
            </label>
            <input id="legal-file" name="file" type="file" accept="application/pdf,.pdf" required className="mt-1 block" />
            <button type="submit" className="mt-3 min-h-11 rounded-md bg-blue-800 px-4 font-medium text-white">
              {t('admin.upload')}
            </button>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
