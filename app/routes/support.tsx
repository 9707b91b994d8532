import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useTranslation } from 'react-i18next';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';

const FAQ = ['gr_lengths', 'el_domains', 'eu_eligibility', 'vat', 'transfer'] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const { t } = await pageT(request);
  return { meta: { title: t('support_page.meta_title') } };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export default function Support() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t('support_page.title')}</h1>
      <section id="contact" aria-labelledby="contact-title" className="card mt-8">
        <h2 id="contact-title" className="text-xl font-semibold">
          {t('support_page.contact')}
        </h2>
        <dl className="mt-4 grid gap-3 sm:grid-cols-2">
          {(['phone', 'email', 'ticket', 'kb'] as const).map((k) => (
            <div key={k}>
              <dt className="font-medium">{t(`toolbox.slides.${k}.title`)}</dt>
              <dd className="text-slate-700">{t(`toolbox.slides.${k}.text`)}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 text-sm text-slate-600">{t('support.hours')}</p>
      </section>
      <section id="faq" aria-labelledby="faq-title" className="mt-8">
        <h2 id="faq-title" className="text-xl font-semibold">
          {t('support_page.faq')}
        </h2>
        <div className="mt-4 space-y-2">
          {FAQ.map((q) => (
            <details key={q} className="card">
              <summary className="cursor-pointer font-medium">{t(`support_page.q.${q}.q`)}</summary>
              <p className="mt-2 text-slate-700">{t(`support_page.q.${q}.a`)}</p>
            </details>
          ))}
        </div>
      </section>
    </div>
  );
}
