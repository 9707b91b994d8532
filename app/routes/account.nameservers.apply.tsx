// Nameservers of many names at once (issue #12 §3): /account/nameservers/apply?domain=a.gr&domain=b.com,
// also reached from the domain list's bulk action, whose names arrive in a POST (issue #32 §5). The same choice (default, a group, a custom list) is
// applied to every listed name that is the customer's; each name is changed and stored on its own
// registry answer, and the page lists a result per name.
import { data, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
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

type Selection = { domains: { fqdn: string; asciiFqdn: string }[]; notYours: string[] };
type ActionData = { selection: Selection; alert?: NsAlert; result?: FormResult; results?: ApplyResult[]; stamp: number };

/** A bulk selection can be the whole portfolio (core/domains/portal.ts BULK_MAX). */
const MAX_NAMES = BULK_MAX;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const { t } = await pageT(request);
  // A few names may come in the address (a nameserver group's link); the domain list's bulk form
  // posts its names here instead (a 2,000-name address is past the edge's URL limit, issue #32 §5).
  const [selection, groups] = await Promise.all([selectionOf(context, session.user.id, new URL(request.url).searchParams.getAll('domain')), context.services.nameservers.groups(session.user.id)]);
  return {
    meta: { title: t('nameservers:apply_title') },
    selection,
    groups: groups.map((g) => ({ id: g.id, name: g.name, nameservers: g.nameservers.map(nameserverToUnicode) })),
    defaults: context.services.nameservers.defaults,
  };
}

/** The names asked for that are the customer's, to show and apply; the others are only named, never touched. */
async function selectionOf(context: AppLoadContext, userId: number, names: FormDataEntryValue[]): Promise<Selection> {
  const asked = [...new Set(names.filter((n): n is string => typeof n === 'string' && n !== '').slice(0, MAX_NAMES))];
  const own = asked.length ? await context.services.nameservers.domainNames(userId, asked) : [];
  const ownAscii = new Set(own.map((d) => d.asciiFqdn));
  return { domains: own.map((d) => ({ fqdn: d.fqdn, asciiFqdn: d.asciiFqdn })), notYours: asked.filter((n) => !ownAscii.has(asciiName(n) ?? n)) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, context }: ActionFunctionArgs) {
  const { session, form, intent } = await readAccountAction(request, context);
  const stamp = Date.now();
  // Every answer names the posted names again: the page's address no longer carries them.
  const selection = await selectionOf(context, session.user.id, form.getAll('domain'));
  // The domain list's bulk form, re-posted here by its 307 (with or without JavaScript): show the choice.
  if (intent === 'bulk') return data<ActionData>({ selection, stamp });
  const schema = applySchema();
  if (applyRowIntent(form, 'ns')) return data<ActionData>({ selection, result: parseForm(form, schema).reply(), stamp });
  if (intent !== 'apply') return unknownIntent();
  const submission = parseForm(form, schema);
  if (submission.status !== 'success') return data<ActionData>({ selection, result: submission.reply(), stamp }, 400);
  const v = submission.value;
  const choice = v.mode === 'group' ? { mode: 'group' as const, groupId: v.group_id! } : v.mode === 'custom' ? { mode: 'custom' as const, list: (v.ns ?? []).map((n) => n ?? '') } : { mode: 'default' as const };
  const r = await context.services.nameservers.applyToMany(session.user.id, v.domain.slice(0, MAX_NAMES), choice, String(form.get('unique_id') ?? '') || null);
  if (!r.ok) return data<ActionData>({ selection, alert: shownAtFields(r) ? undefined : alertOf(r.code, r.params), result: submission.reply({ fieldErrors: refusalFieldErrors(r, 'ns') }), stamp }, r.status);
  return data<ActionData>({ selection, results: r.results.map((x) => ({ fqdn: x.fqdn, ok: x.ok, key: resultKey(x.code) })), stamp });
}

export default function ApplyNameservers() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation('nameservers');
  const { domains, notYours } = actionData?.selection ?? loaderData.selection;
  const initialMode = loaderData.groups.length ? 'group' : 'custom';
  const { form, fields, formProps, errorSummary } = useAppForm({ id: 'apply', schema: applySchema(), lastResult: actionData?.result, defaultValue: { mode: initialMode, ns: ['', ''] } });
  return (
    <section aria-labelledby="apply-title" data-testid="nameservers-apply">
      <h1 id="apply-title" className="mb-1 text-2xl font-bold">
        {t('apply_title')}
      </h1>
      <p className="mb-4 text-sm text-slate-700">{t('apply_intro')}</p>
      {notYours.length ? (
        <p className="mb-4 text-sm text-amber-900" data-testid="apply-not-yours">
          {t('apply_not_yours', { names: notYours.join(', ') })}
        </p>
      ) : null}
      {actionData?.results ? <ResultList results={actionData.results} /> : null}
      {domains.length ? (
        <Form method="post" className="card space-y-4" {...formProps} data-testid="apply-form">
          {errorSummary}
          <NameserverAlert alert={actionData?.alert} testId="apply-alert" />
          <CsrfInput />
          <PageIdInput />
          <fieldset>
            <legend className="text-sm font-semibold">{t('apply_domains')}</legend>
            <ul className="mt-1 flex flex-wrap gap-2 text-sm" data-testid="apply-domains">
              {domains.map((d) => (
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
