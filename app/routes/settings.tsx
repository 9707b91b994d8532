// Display preferences as one aggregate with one action switching on an intent (vat, language,
// cookies, banner). It is the no-JavaScript path of the VAT control, the language switch, the
// cookie notice and banner dismissal; with JavaScript those call POST /api/user/set-cookie.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { data } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { LanguageSwitch } from '../components/language-switch';
import { VatForm } from '../components/vat-form';
import { readProtectedForm, safeRedirectTo } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { codeData } from '../lib/route-error.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const { t } = await pageT(request);
  // Without JavaScript the VAT chip leads here; the form then returns to the page it came from.
  const returnTo = safeRedirectTo(new URL(request.url).searchParams.get('return'));
  return { meta: { title: t('settings_page.meta_title') }, returnTo };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readProtectedForm(request, context);
  const intent = form.get('intent');
  const redirectTo = safeRedirectTo(form.get('redirectTo'));
  const headers = new Headers();
  const apply = async (cName: string, cValue: FormDataEntryValue | null) => {
    const countries = await context.services.catalog.countries();
    const result = context.services.preferences.set(request, { cName, cValue: typeof cValue === 'string' ? cValue : undefined, cAction: 'set' }, countries);
    if (!result.ok) throw data(codeData({ code: result.code, field: result.field }), { status: 400 });
    headers.append('Set-Cookie', result.cookie);
  };
  switch (intent) {
    case 'vat':
      await apply('showVat', form.get('showVat'));
      // The country select is absent when a form only switches VAT off; keep the stored country.
      if (form.get('countryVat') !== null) await apply('countryVat', form.get('countryVat'));
      break;
    case 'language':
      await apply('lng', form.get('lng'));
      break;
    case 'cookies':
      await apply('cookiesAccepted', 'true');
      break;
    case 'banner': {
      const result = context.services.preferences.dismissBanner(request, form.get('slug'));
      if (!result.ok) throw data(codeData({ code: result.code }), { status: 400 });
      headers.append('Set-Cookie', result.cookie);
      break;
    }
    default:
      throw data(codeData({ code: ErrorCode.UNRECOGNIZED_ACTION }), { status: 400 });
  }
  return redirect(redirectTo, { status: 303, headers });
}

export default function Settings() {
  const { t } = useTranslation();
  const { returnTo } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t('settings_page.title')}</h1>
      <section id="vat" aria-labelledby="vat-title" className="card mt-8">
        <h2 id="vat-title" className="mb-4 text-xl font-semibold">
          {t('vat.title')}
        </h2>
        <VatForm variant="page" returnTo={returnTo} />
      </section>
      <section aria-labelledby="lang-title" className="card mt-6">
        <h2 id="lang-title" className="mb-4 text-xl font-semibold">
          {t('side.language')}
        </h2>
        <LanguageSwitch />
      </section>
    </div>
  );
}
