// A server's configuration in the cart (spec §2: the configure link of VPS and dedicated items):
// one select per option (CPU, RAM, disks, OS, control panel, datacenter …) with what each adds per
// month. Saving returns to the cart; a value the product does not offer is refused (35006).
// An SSL certificate's configure page names its paid extra domains and the approver of every name
// (issue #20 §2; app/components/cart/ssl-names-form.tsx).
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
import { SslNamesForm, type SslNamesAnswer } from '../components/cart/ssl-names-form';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { t, lang } = await pageT(request);
  const owner = await cartOwner(context);
  const conf = await context.services.cart.configurable(owner, String(params.id), lang);
  if (conf) return { meta: { title: t('cart:configure_title', { name: conf.item.name }) }, ssl: null, ...conf };
  const ssl = await context.services.cart.sslNames(owner, String(params.id), lang);
  if (!ssl) throw redirect('/cart', 303);
  return { meta: { title: t('cart:ssl.names_title', { name: ssl.item.name }) }, ssl, item: ssl.item, groups: [] };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await readProtectedForm(request, context);
  if (form.get('intent') === 'ssl_names' || form.has('san_1') || [...form.keys()].some((k) => k.startsWith('approver.'))) return sslNamesAction(form, String(params.id), context);
  const wanted: Record<string, string> = {};
  for (const [k, v] of form) if (k.startsWith('option.') && typeof v === 'string') wanted[k.slice('option.'.length)] = v;
  const uniqueId = typeof form.get('unique_id') === 'string' ? String(form.get('unique_id')) || null : null;
  const r = await context.services.cart.setOptions(await cartOwner(context), String(params.id), wanted, uniqueId);
  if (!r.ok) return data({ code: r.code, field: r.field }, 400);
  return redirect('/cart', 303);
}

/** The SSL names form: SANs in field order (san_1 …), approvers by name; back to the cart when saved. */
async function sslNamesAction(form: FormData, id: string, context: ActionFunctionArgs['context']) {
  const sans: string[] = [];
  for (let n = 1; n <= MAX_SAN_FIELDS && form.has(`san_${n}`); n++) sans.push(String(form.get(`san_${n}`)));
  const approvers: Record<string, string> = {};
  for (const [k, v] of form) if (k.startsWith('approver.') && typeof v === 'string' && v) approvers[k.slice('approver.'.length)] = v;
  const uniqueId = typeof form.get('unique_id') === 'string' ? String(form.get('unique_id')) || null : null;
  const r = await context.services.cart.setSslNames(await cartOwner(context), id, { sans, approvers }, uniqueId);
  if (!r.ok) return data({ code: r.code, field: undefined as string | undefined, ssl: { code: r.code, errors: r.errors, values: { sans, approvers } } satisfies SslNamesAnswer }, 400);
  return redirect('/cart', 303);
}

/** More fields than any certificate sells SANs (a hand-made form cannot make the loop run long). */
const MAX_SAN_FIELDS = 250;

export default function Configure() {
  const { item, groups, ssl } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { code?: number; field?: string; ssl?: SslNamesAnswer } | undefined;
  if (ssl) return <SslNamesForm view={ssl} answer={actionData?.ssl} />;
  return <ServerOptions item={item} groups={groups} actionData={actionData} />;
}

function ServerOptions({ item, groups, actionData }: { item: { name: string }; groups: ReturnType<typeof useLoaderData<typeof loader>>['groups']; actionData?: { code?: number; field?: string } }) {
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
                        {codeMessage(t, actionData.code ?? ErrorCode.CART_OPTION_ERROR)}
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
