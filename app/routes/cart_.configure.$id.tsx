// A server's configuration in the cart (spec §2: the configure link of VPS and dedicated items):
// one select per option (CPU, RAM, disks, OS, control panel, datacenter …) with what each adds per
// month. Saving returns to the cart; a value the product does not offer is refused (35006).
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { CsrfInput } from '../components/csrf-input';
import { PageIdInput } from '../components/page-id-input';
import { usePriceFormatter } from '../components/price';
import { cartOwner } from '../lib/cart.server';
import { codeMessage } from '../lib/codes';
import { FormAlert, SubmitButton } from '../lib/forms';
import { readProtectedForm } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { t, lang } = await pageT(request);
  const conf = await context.services.cart.configurable(await cartOwner(context), String(params.id), lang);
  if (!conf) throw redirect('/cart', 303);
  return { meta: { title: t('cart:configure_title', { name: conf.item.name }) }, ...conf };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await readProtectedForm(request, context);
  const wanted: Record<string, string> = {};
  for (const [k, v] of form) if (k.startsWith('option.') && typeof v === 'string') wanted[k.slice('option.'.length)] = v;
  const uniqueId = typeof form.get('unique_id') === 'string' ? String(form.get('unique_id')) || null : null;
  const r = await context.services.cart.setOptions(await cartOwner(context), String(params.id), wanted, uniqueId);
  if (!r.ok) return data({ code: r.code, field: r.field }, 400);
  return redirect('/cart', 303);
}

export default function Configure() {
  const { item, groups } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation('cart');
  const categories = [...new Set(groups.map((g) => g.category))];
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="mb-2 text-3xl font-bold">{t('configure_title', { name: item.name })}</h1>
      <p className="mb-6 text-slate-700">{t('configure_intro')}</p>
      {actionData?.code ? (
        <FormAlert type="alert" code={actionData.code} testId="configure-alert">
          {codeMessage(t, actionData.code ?? ErrorCode.CART_OPTION_ERROR)}
        </FormAlert>
      ) : null}
      <Form method="post" className="space-y-6" data-testid="configure-form">
        <CsrfInput />
        <PageIdInput />
        {categories.map((category) => (
          <fieldset key={category} className="card">
            <legend className="px-1 text-lg font-semibold">{t(`categories.${category}`)}</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              {groups
                .filter((g) => g.category === category)
                .map((g) => (
                  <div key={g.name}>
                    <label htmlFor={`option-${g.name}`} className="block text-sm font-medium">
                      {t(`catalog:options.${g.name}`)}
                    </label>
                    <select id={`option-${g.name}`} name={`option.${g.name}`} defaultValue={g.chosen} disabled={g.choices.length < 2} aria-invalid={actionData?.field === g.name || undefined} aria-describedby={actionData?.field === g.name ? `option-${g.name}-error` : undefined} className="mt-1 w-full rounded border border-slate-300 px-2 py-1" data-testid={`option-${g.name}`}>
                      {g.choices.map((c) => (
                        <OptionLabel key={c.value} value={c.value} label={c.label} monthlyCents={c.monthlyCents} />
                      ))}
                    </select>
                    {/* 35006 is shown under the option it concerns (spec §8: per option). */}
                    {actionData?.field === g.name ? (
                      <p id={`option-${g.name}-error`} role="alert" className="mt-1 text-sm text-red-700" data-testid={`option-error-${g.name}`}>
                        {codeMessage(t, actionData.code)}
                      </p>
                    ) : null}
                    {/* A disabled select is not submitted; its one value still belongs to the form. */}
                    {g.choices.length < 2 ? <input type="hidden" name={`option.${g.name}`} value={g.chosen} /> : null}
                  </div>
                ))}
            </div>
          </fieldset>
        ))}
        <div className="flex items-center justify-between">
          <Link to="/cart" className="link-button">
            {t('back')}
          </Link>
          <SubmitButton className="btn-primary" testId="configure-save">
            {t('config.save')}
          </SubmitButton>
        </div>
      </Form>
    </div>
  );
}

function OptionLabel({ value, label, monthlyCents }: { value: string; label: string; monthlyCents: number }) {
  const { t } = useTranslation();
  const format = usePriceFormatter();
  // An <option> holds text only: the one money formatter gives the string.
  return <option value={value}>{monthlyCents > 0 ? `${label} (+${format(monthlyCents)}${t('lengths.per_month')})` : label}</option>;
}
