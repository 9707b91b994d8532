// Nameservers of many names at once (issue #12 §3): /account/nameservers/apply?domain=a.gr&domain=b.com,
// also reached from the domain list's bulk action. The same choice (default, a group, a custom list) is
// applied to every listed name that is the customer's; each name is changed and stored on its own
// registry answer, and the page lists a result per name.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { asciiName, nameserverToUnicode } from '../../core/domains/nameservers';
import { BULK_MAX } from '../../core/domains/portal';
import { applySchema } from '../../core/validation/nameserver-forms';
import { CsrfInput } from '../components/csrf-input';
import { PageIdInput } from '../components/page-id-input';
import { NameserverAlert } from '../components/portal/nameserver-alert';
import { NameserverChoice } from '../components/portal/nameserver-choice';
import { ResultList, type ApplyResult } from '../components/portal/nameserver-results';
import { applyRowIntent } from '../components/portal/nameserver-rows';
import { readAccountAction, unknownIntent } from '../lib/account-action.server';
import { requireUser } from '../lib/auth.server';
import { SubmitButton, useAppForm } from '../lib/forms';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { alertOf, refusalFieldErrors, resultKey, shownAtFields, type NsAlert } from '../lib/nameserver-replies.server';
import { parseForm, type FormResult } from '../lib/submission.server';

type ActionData = { alert?: NsAlert; result?: FormResult; results?: ApplyResult[]; stamp: number };

/** A bulk selection can be the whole portfolio (core/domains/portal.ts BULK_MAX). */
const MAX_NAMES = BULK_MAX;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const { t } = await pageT(request);
  const asked = [...new Set(new URL(request.url).searchParams.getAll('domain').slice(0, MAX_NAMES))];
  const ns = context.services.nameservers;
  const [own, groups] = await Promise.all([asked.length ? ns.domainNames(session.user.id, asked) : Promise.resolve([]), ns.groups(session.user.id)]);
  const ownAscii = new Set(own.map((d) => d.asciiFqdn));
  return {
    meta: { title: t('nameservers:apply_title') },
    domains: own.map((d) => ({ fqdn: d.fqdn, asciiFqdn: d.asciiFqdn })),
    // Names asked for that are not the customer's are only named, never touched.
    notYours: asked.filter((n) => !ownAscii.has(asciiName(n) ?? n)),
    groups: groups.map((g) => ({ id: g.id, name: g.name, nameservers: g.nameservers.map(nameserverToUnicode) })),
    defaults: context.services.nameservers.defaults,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, context }: ActionFunctionArgs) {
  const { session, form, intent } = await readAccountAction(request, context);
  const stamp = Date.now();
  const schema = applySchema();
  if (applyRowIntent(form, 'ns')) return data<ActionData>({ result: parseForm(form, schema).reply(), stamp });
  if (intent !== 'apply') return unknownIntent();
  const submission = parseForm(form, schema);
  if (submission.status !== 'success') return data<ActionData>({ result: submission.reply(), stamp }, 400);
  const v = submission.value;
  const choice = v.mode === 'group' ? { mode: 'group' as const, groupId: v.group_id! } : v.mode === 'custom' ? { mode: 'custom' as const, list: (v.ns ?? []).map((n) => n ?? '') } : { mode: 'default' as const };
  const r = await context.services.nameservers.applyToMany(session.user.id, v.domain.slice(0, MAX_NAMES), choice, String(form.get('unique_id') ?? '') || null);
  if (!r.ok) return data<ActionData>({ alert: shownAtFields(r) ? undefined : alertOf(r.code, r.params), result: submission.reply({ fieldErrors: refusalFieldErrors(r, 'ns') }), stamp }, r.status);
  return data<ActionData>({ results: r.results.map((x) => ({ fqdn: x.fqdn, ok: x.ok, key: resultKey(x.code) })), stamp });
}

export default function ApplyNameservers() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation('nameservers');
  const initialMode = loaderData.groups.length ? 'group' : 'custom';
  const { form, fields, formProps, errorSummary } = useAppForm({ id: 'apply', schema: applySchema(), lastResult: actionData?.result, defaultValue: { mode: initialMode, ns: ['', ''] } });
  return (
    <section aria-labelledby="apply-title" data-testid="nameservers-apply">
      <h1 id="apply-title" className="mb-1 text-2xl font-bold">
        {t('apply_title')}
      </h1>
      <p className="mb-4 text-sm text-slate-700">{t('apply_intro')}</p>
      {loaderData.notYours.length ? (
        <p className="mb-4 text-sm text-amber-900" data-testid="apply-not-yours">
          {t('apply_not_yours', { names: loaderData.notYours.join(', ') })}
        </p>
      ) : null}
      {actionData?.results ? <ResultList results={actionData.results} /> : null}
      {loaderData.domains.length ? (
        <Form method="post" className="card space-y-4" {...formProps} data-testid="apply-form">
          {errorSummary}
          <NameserverAlert alert={actionData?.alert} testId="apply-alert" />
          <CsrfInput />
          <PageIdInput />
          <fieldset>
            <legend className="text-sm font-semibold">{t('apply_domains')}</legend>
            <ul className="mt-1 flex flex-wrap gap-2 text-sm" data-testid="apply-domains">
              {loaderData.domains.map((d) => (
                <li key={d.asciiFqdn} className="chip">
                  <input type="hidden" name="domain" value={d.asciiFqdn} />
                  {d.fqdn}
                </li>
              ))}
            </ul>
          </fieldset>
          <NameserverChoice
            form={form}
            fields={{ mode: fields.mode, group_id: fields.group_id, ns: fields.ns }}
            groups={loaderData.groups}
            defaults={loaderData.defaults}
            initialMode={(fields.mode.initialValue as 'default' | 'group' | 'custom' | undefined) ?? initialMode}
            initialGroupId={null}
            limits={null}
          />
          <SubmitButton intent="apply" testId="apply-submit">
            {t('apply')}
          </SubmitButton>
        </Form>
      ) : (
        <p className="card text-sm" data-testid="apply-none">
          {t('apply_none')}
        </p>
      )}
    </section>
  );
}
