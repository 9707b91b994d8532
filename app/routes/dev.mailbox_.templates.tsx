// Development only (issue #33 §4): every mail template drawn with its `example`, in Greek or English,
// 600 px wide, for the screenshots a person looks at once and for anyone changing a template. The
// same door as the mailbox (APP_ENV=development and DEV_API_TOKEN: 404 anywhere else).
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { isLanguage } from '../../i18n/config';
import { MailFrame, MailText } from '../components/mail/mail-frame';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { codeData } from '../lib/route-error.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!context.devAccess) throw data(codeData({ code: ErrorCode.UNRECOGNIZED_ACTION }), { status: 404 });
  const { t, lang: pageLang } = await pageT(request);
  const asked = new URL(request.url).searchParams.get('lang');
  const lang = isLanguage(asked) ? asked : pageLang;
  return { meta: { title: t('mailbox.templates.meta_title') }, lang, previews: context.services.staffMail.previews(lang) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export default function MailTemplates() {
  const { previews, lang } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10" data-testid="mail-templates" data-lang={lang}>
      <p className="text-sm">
        <Link to="/dev/mailbox" className="text-blue-800 underline">
          {t('mailbox.templates.back')}
        </Link>
      </p>
      <h1 className="mt-1 text-3xl font-bold">{t('mailbox.templates.title')}</h1>
      <p className="mt-2 text-slate-600">{t('mailbox.templates.intro')}</p>
      <nav aria-label={t('mailbox.templates.language')} className="mt-3 flex gap-3 text-sm">
        {(['el', 'en'] as const).map((l) => (
          <Link key={l} to={`/dev/mailbox/templates?lang=${l}`} aria-current={l === lang ? 'page' : undefined} className={l === lang ? 'font-semibold' : 'text-blue-800 underline'} data-testid={`mail-templates-${l}`}>
            {l === 'el' ? 'Ελληνικά' : 'English'}
          </Link>
        ))}
      </nav>
      <ol className="mt-6 space-y-8">
        {previews.map((p) => (
          <li key={p.template} id={`template-${p.template}`} className="card" data-testid="mail-template-preview" data-template={p.template}>
            <h2 className="font-mono text-lg font-semibold">{p.template}</h2>
            <p className="text-sm text-slate-600">
              {t('mailbox.templates.category')}: {p.category}
              {p.sensitive ? ` · ${t('mailbox.templates.sensitive')}` : ''}
            </p>
            <p className="mt-1">
              <span className="text-slate-600">{t('mailbox.templates.subject')}:</span> <span className="font-semibold">{p.subject}</span>
            </p>
            <div className="mt-3">
              <MailFrame html={p.html} title={t('mailbox.templates.frame', { template: p.template, lang: p.lang })} height={900} />
            </div>
            <h3 className="mt-3 font-semibold">{t('mailbox.templates.text_part')}</h3>
            <MailText text={p.text} />
          </li>
        ))}
      </ol>
    </div>
  );
}
