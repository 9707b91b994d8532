// The legal documents as pages (issue #25 §3): terms of use, privacy policy, cookie policy, refund and
// withdrawal policy, in the visitor's language, each with its version and date from the one registry
// (core/legal.ts). The long texts live in the server-only `policies` namespace: the loader sends the
// page's own document, so no other page downloads them.
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { ErrorCode } from '../../core/errors';
import { isLegalSlug, LEGAL_DOCUMENTS } from '../../core/legal';
import { LegalDocumentView, type LegalText } from '../components/legal/legal-document';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { codeData } from '../lib/route-error.server';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const slug = params.slug;
  if (!isLegalSlug(slug)) throw data(codeData({ code: ErrorCode.UNRECOGNIZED_ACTION }), { status: 404 });
  const { t, lang } = await pageT(request);
  const s = context.config.seller;
  const seller = { name: s.name, vat: s.vatNumber, address: `${s.address}, ${s.postcode} ${s.city}`, email: s.email, phone: s.phone };
  const text = t(`policies:${slug}`, { returnObjects: true, ...seller }) as LegalText;
  return {
    meta: { title: text.title, description: text.meta_description },
    doc: LEGAL_DOCUMENTS[slug],
    lang,
    text,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export default function LegalPage() {
  const { doc, lang, text } = useLoaderData<typeof loader>();
  return <LegalDocumentView doc={doc} lang={lang} text={text} />;
}
