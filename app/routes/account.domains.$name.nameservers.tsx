// A domain's nameservers (issue #12 §3): the registrar's default, one of my groups or a custom list,
// within the registry's min/max, changed at the registry and stored after its answer. One action:
// save, or (without JavaScript) add_row / remove_row:n of the custom list.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData, useRevalidator } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { glueHosts, nameserverToUnicode } from '../../core/domains/nameservers';
import { ErrorCode } from '../../core/errors';
import { delegationSchema, type NameserverMode } from '../../core/validation/nameserver-forms';
import { CsrfInput } from '../components/csrf-input';
import { PageIdInput } from '../components/page-id-input';
import { NameserverChoice } from '../components/portal/nameserver-choice';
import { applyRowIntent } from '../components/portal/nameserver-rows';
import { FormAlert, NoChangesAlert, SubmitButton, useAppForm, useNoChangesGuard } from '../lib/forms';
import { NameserverAlert } from '../components/portal/nameserver-alert';
import type { FormResult } from '../lib/submission.server';
import { pageT } from '../lib/i18n.server';
import { useLiveChannel } from '../lib/live';
import { readAccountForm, unknownIntent } from '../lib/account-action.server';
import { loadOwnDomainAndSession } from '../lib/domain-route.server';
import { pageMeta } from '../lib/meta';
import { alertOf, refusalFieldErrors, shownAtFields, type NsAlert } from '../lib/nameserver-replies.server';
import { parseForm } from '../lib/submission.server';

type ActionData = { alert?: NsAlert; result?: FormResult; stamp: number };


export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { session, domain: d } = await loadOwnDomainAndSession(request, context, params);
  const { t } = await pageT(request);
  const ns = context.services.nameservers;
  const [delegation, groups] = await Promise.all([ns.delegation(session.user.id, d), ns.groups(session.user.id)]);
  const shown = delegation.nameservers.map(nameserverToUnicode);
  // Only the names a nameserver could sit under (its parent names) are looked up, however many the account holds.
  const parents = [
    ...new Set(
      delegation.nameservers.flatMap((n) => {
        const labels = n.split('.');
        return labels.slice(1, -1).map((_, i) => labels.slice(i + 1).join('.'));
      }),
    ),
  ];
  const mine = parents.length ? await ns.domainNames(session.user.id, parents) : [];
  // Nameservers that are hosts under one of the customer's own names: the page links to their glue.
  const glue = glueHosts(delegation.nameservers, mine.map((m) => m.asciiFqdn));
  return {
    meta: { title: t('nameservers:domain_title', { name: d.fqdn }) },
    domain: { id: d.id, fqdn: d.fqdn, asciiFqdn: d.asciiFqdn },
    mode: delegation.mode,
    groupId: delegation.groupId,
    nameservers: shown,
    glue: delegation.nameservers.map((n) => {
      const parent = glue.get(n);
      return parent ? { ascii: parent, name: nameserverToUnicode(parent) } : null;
    }),
    limits: delegation.limits,
    readFailed: delegation.readFailed,
    groups: groups.map((g) => ({ id: g.id, name: g.name, nameservers: g.nameservers.map(nameserverToUnicode) })),
    defaults: context.services.nameservers.defaults,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { session, domain: d } = await loadOwnDomainAndSession(request, context, params);
  const { form, intent, uniqueId } = await readAccountForm(request, context);
  const ns = context.services.nameservers;
  const stamp = Date.now();
  const limits = await ns.limitsOf(d);
  const schema = delegationSchema(limits);
  if (applyRowIntent(form, 'ns')) return data<ActionData>({ result: parseForm(form, schema).reply(), stamp });
  if (intent !== 'save') return unknownIntent();
  const submission = parseForm(form, schema);
  if (submission.status !== 'success') return data<ActionData>({ result: submission.reply(), stamp }, 400);
  const v = submission.value;
  const choice = v.mode === 'group' ? { mode: 'group' as const, groupId: v.group_id! } : v.mode === 'custom' ? { mode: 'custom' as const, list: (v.ns ?? []).map((n) => n ?? '') } : { mode: 'default' as const };
  const r = await ns.setNameservers(session.user.id, d, choice, uniqueId);
  if (!r.ok) {
    // The form keeps what was typed; the refusal goes under its field or above the form.
    const result = submission.reply({ fieldErrors: refusalFieldErrors(r, 'ns') });
    return data<ActionData>({ alert: shownAtFields(r) ? undefined : alertOf(r.code, r.params), result, stamp }, r.status);
  }
  return data<ActionData>({ alert: alertOf(r.changed ? ErrorCode.SUCCESS : ErrorCode.NO_CHANGE), stamp });
}

export default function DomainNameservers() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation('nameservers');
  const revalidator = useRevalidator();
  // Another tab changed this name: show what the registry now has.
  useLiveChannel('domain', (m) => {
    const id = loaderData.domain.id;
    if (m.event === 'DomainWasUpdated' && m.data.domain_id === id) revalidator.revalidate();
    else if (m.event === 'DomainsWereUpdated' && m.data.domains.some((x) => x.domain_id === id)) revalidator.revalidate();
  });
  // A saved change shows the stored delegation: the form starts again from it.
  const formKey = `${loaderData.mode}-${loaderData.groupId}-${loaderData.nameservers.join(',')}`;
  return (
    <section aria-labelledby="ns-title" data-testid="domain-nameservers">
      {/* The domain layout's header holds the page's h1 (the name) and the way back to the list. */}
      <h2 id="ns-title" className="mb-1 mt-4 break-words text-xl font-semibold">
        {t('domain_title', { name: loaderData.domain.fqdn })}
      </h2>
      <p className="mb-4 text-sm">
        <Link to={`/account/domains/${loaderData.domain.asciiFqdn}/hosts`} className="link-button" data-testid="hosts-link">
          {t('hosts_link')}
        </Link>
      </p>
      {loaderData.readFailed ? (
        <FormAlert type="alert" code={32051} testId="ns-read-failed">
          {t('errors:nameserver_could_not_get_info')}
        </FormAlert>
      ) : null}
      <div className="card mb-4" data-testid="ns-current" data-mode={loaderData.mode}>
        <h2 className="text-lg font-semibold">{t('current')}</h2>
        <p className="mt-1 text-sm text-slate-700">{t(`current_${loaderData.mode}`, { group: loaderData.groups.find((g) => g.id === loaderData.groupId)?.name ?? '' })}</p>
        <ul className="mt-2 text-sm" data-testid="ns-current-list">
          {loaderData.nameservers.map((n, i) => {
            const parent = loaderData.glue[i];
            return (
              <li key={n} className="break-all">
                {n}
                {parent ? (
                  <>
                    {' · '}
                    <Link to={`/account/domains/${parent.ascii}/hosts`} className="link-button" data-testid="ns-glue">
                      {t('glue_under', { name: parent.name })}
                    </Link>
                  </>
                ) : null}
              </li>
            );
          })}
        </ul>
      </div>
      <DelegationForm key={formKey} actionData={actionData} />
    </section>
  );
}

function DelegationForm({ actionData }: { actionData?: ActionData }) {
  const loaderData = useLoaderData<typeof loader>();
  const { t } = useTranslation('nameservers');
  const rows = loaderData.mode === 'custom' ? [...loaderData.nameservers] : [];
  while (rows.length < Math.max(2, loaderData.limits?.min ?? 2)) rows.push('');
  const { form, fields, formProps, formRef, errorSummary } = useAppForm({
    id: 'delegation',
    schema: delegationSchema(loaderData.limits),
    lastResult: actionData?.result,
    defaultValue: { mode: loaderData.mode, group_id: loaderData.groupId ?? undefined, ns: rows },
  });
  // Spec §5 NOCHANGES: an unchanged form warns instead of posting (the action answers 1005 without JS).
  const noChanges = useNoChangesGuard(formRef, loaderData);
  return (
    <Form method="post" className="card space-y-4" {...formProps} onSubmit={noChanges.wrap(formProps.onSubmit)} data-testid="delegation-form">
      {errorSummary}
      <h2 className="text-lg font-semibold">{t('change')}</h2>
      <NoChangesAlert unchanged={noChanges.unchanged} />
      <NameserverAlert alert={actionData?.alert} testId="ns-alert" />
      <CsrfInput />
      <PageIdInput />
      <NameserverChoice
        form={form}
        fields={{ mode: fields.mode, group_id: fields.group_id, ns: fields.ns }}
        groups={loaderData.groups}
        defaults={loaderData.defaults}
        initialMode={(fields.mode.initialValue as NameserverMode | undefined) ?? loaderData.mode}
        initialGroupId={loaderData.groupId}
        limits={loaderData.limits}
      />
      <SubmitButton intent="save" testId="ns-save">
        {t('save')}
      </SubmitButton>
    </Form>
  );
}
