// Glue hosts under one of the customer's names (issue #12 §3): 'prefix.{name}' with IPv4/IPv6 addresses,
// created, changed and deleted at the registry (32006 while in use, 32060 when not there) and stored
// after its answer. One action: create_host, update_host, delete_host, and add_row / remove_row:n of
// an address list without JavaScript (the hidden form_intent says which form).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { nameserverToUnicode } from '../../core/domains/nameservers';
import { ErrorCode } from '../../core/errors';
import { HOST_IP_ROWS_MAX, hostCreateSchema, hostDeleteSchema, hostUpdateSchema } from '../../core/validation/nameserver-forms';
import { CsrfInput } from '../components/csrf-input';
import { PageIdInput } from '../components/page-id-input';
import { NameserverAlert } from '../components/portal/nameserver-alert';
import { applyRowIntent, NameserverRows } from '../components/portal/nameserver-rows';
import { Cell, ResponsiveTable, Row, RowActionForm } from '../components/responsive-table';
import { InputField, SubmitButton, useAppForm } from '../lib/forms';
import { pageT } from '../lib/i18n.server';
import { readAccountForm, unknownIntent } from '../lib/account-action.server';
import { loadOwnDomainAndSession } from '../lib/domain-route.server';
import { pageMeta } from '../lib/meta';
import { alertOf, refusalFieldErrors, type NsAlert } from '../lib/nameserver-replies.server';
import { parseForm, type FormResult } from '../lib/submission.server';

type ActionData = { form: string; id?: number; alert?: NsAlert; result?: FormResult; stamp: number };


export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { session, domain: d } = await loadOwnDomainAndSession(request, context, params);
  const { t } = await pageT(request);
  const rows = await context.services.nameservers.hosts(session.user.id, d);
  return {
    meta: { title: t('nameservers:hosts_title', { name: d.fqdn }) },
    domain: { id: d.id, fqdn: d.fqdn, asciiFqdn: d.asciiFqdn },
    hosts: rows.map((h) => ({ id: h.id, name: nameserverToUnicode(h.name), ips: h.ips })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { session, domain: d } = await loadOwnDomainAndSession(request, context, params);
  const { form, intent } = await readAccountForm(request, context);
  const ns = context.services.nameservers;
  const userId = session.user.id;
  const stamp = Date.now();
  const which = String(form.get('form_intent') ?? form.get('intent') ?? '');
  const id = Number(form.get('id')) || undefined;
  const createSchema = hostCreateSchema(nameserverToUnicode(d.asciiFqdn));
  if (applyRowIntent(form, 'ips')) return data<ActionData>({ form: which, id, result: parseForm(form, which === 'update_host' ? hostUpdateSchema : createSchema).reply(), stamp });

  switch (intent) {
    case 'create_host': {
      const submission = parseForm(form, createSchema);
      if (submission.status !== 'success') return data<ActionData>({ form: which, result: submission.reply(), stamp }, 400);
      const r = await ns.createHost(userId, d, { prefix: submission.value.prefix, ips: submission.value.ips });
      if (!r.ok) return data<ActionData>({ form: which, alert: r.code === ErrorCode.VALIDATION_ERROR ? undefined : alertOf(r.code, r.params), result: submission.reply({ fieldErrors: refusalFieldErrors(r, 'ips') }), stamp }, r.status);
      return data<ActionData>({ form: which, alert: alertOf(ErrorCode.SUCCESS, undefined, 'nameservers:host_created'), result: submission.reply({ resetForm: true }), stamp });
    }
    case 'update_host': {
      const submission = parseForm(form, hostUpdateSchema);
      if (submission.status !== 'success') return data<ActionData>({ form: which, id, result: submission.reply(), stamp }, 400);
      const r = await ns.updateHost(userId, d, submission.value.id, submission.value.ips);
      if (!r.ok) return data<ActionData>({ form: which, id, alert: r.code === ErrorCode.VALIDATION_ERROR ? undefined : alertOf(r.code, r.params), result: submission.reply({ fieldErrors: refusalFieldErrors(r, 'ips') }), stamp }, r.status);
      return data<ActionData>({ form: which, id, alert: alertOf(ErrorCode.SUCCESS, undefined, 'nameservers:host_saved'), stamp });
    }
    case 'delete_host': {
      const submission = parseForm(form, hostDeleteSchema);
      if (submission.status !== 'success') return data<ActionData>({ form: 'list', alert: alertOf(ErrorCode.NAMESERVER_DOES_NOT_HAVE_HOST), stamp }, 400);
      const r = await ns.deleteHost(userId, d, submission.value.id);
      if (!r.ok) return data<ActionData>({ form: 'list', id: submission.value.id, alert: alertOf(r.code, r.params), stamp }, r.status);
      return data<ActionData>({ form: 'list', alert: alertOf(ErrorCode.SUCCESS, undefined, 'nameservers:host_deleted'), stamp });
    }
    default:
      return unknownIntent();
  }
}

export default function DomainHosts() {
  const { domain, hosts } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation('nameservers');
  const columns = [
    { key: 'host', label: t('col_host') },
    { key: 'ips', label: t('col_ips') },
    { key: 'actions', label: t('col_actions') },
  ];
  return (
    <section aria-labelledby="hosts-title" data-testid="domain-hosts">
      {/* The domain layout's header holds the page's h1 (the name) and the way back to the list. */}
      <h2 id="hosts-title" className="mb-1 mt-4 break-words text-xl font-semibold">
        {t('hosts_title', { name: domain.fqdn })}
      </h2>
      <p className="mb-2 text-sm text-slate-700">{t('hosts_intro', { name: domain.fqdn })}</p>
      <p className="mb-4 text-sm">
        <Link to={`/account/domains/${domain.asciiFqdn}/nameservers`} className="link-button">
          {t('nameservers_link')}
        </Link>
      </p>
      {actionData?.form === 'list' || actionData?.form === 'update_host' ? <NameserverAlert alert={actionData.alert} testId="hosts-alert" /> : null}
      <div className="card mb-4">
        <ResponsiveTable caption={t('hosts_title', { name: domain.fqdn })} columns={columns} testId="hosts-table" empty={{ when: hosts.length === 0, text: t('hosts_none'), testId: 'hosts-none' }}>
          {hosts.map((h) => (
            <Row key={h.id} data-testid="host-row" data-host={h.name}>
              <Cell label={t('col_host')} className="break-all font-medium">
                {h.name}
              </Cell>
              <Cell label={t('col_ips')} className="break-all">
                {h.ips.join(', ')}
              </Cell>
              <Cell label={t('col_actions')}>
                <details className="mb-2" open={(actionData?.form === 'update_host' && actionData.id === h.id && !!actionData.result) || undefined}>
                  <summary className="btn-secondary inline-block cursor-pointer px-3 py-1 text-sm" data-testid="host-edit">
                    {t('edit')}
                  </summary>
                  <HostIpsForm host={h} actionData={actionData?.form === 'update_host' && actionData.id === h.id ? actionData : undefined} />
                </details>
                <RowActionForm id={h.id} intent="delete_host" className="link-button text-sm text-red-800" testId="host-delete">
                  {t('delete')}
                </RowActionForm>
              </Cell>
            </Row>
          ))}
        </ResponsiveTable>
      </div>
      <NewHostForm fqdn={domain.fqdn} actionData={actionData?.form === 'create_host' ? actionData : undefined} />
    </section>
  );
}

function HostIpsForm({ host, actionData }: { host: { id: number; ips: string[] }; actionData?: ActionData }) {
  const { t } = useTranslation('nameservers');
  const { form, fields, formProps, errorSummary } = useAppForm({ id: `host-${host.id}`, schema: hostUpdateSchema, lastResult: actionData?.result, defaultValue: { id: String(host.id), ips: [...host.ips, ''] } });
  return (
    <Form method="post" className="mt-2 space-y-2" {...formProps}>
      {errorSummary}
      <CsrfInput />
      <PageIdInput />
      <input type="hidden" name="id" value={host.id} />
      <input type="hidden" name="form_intent" value="update_host" />
      <NameserverRows form={form} field={fields.ips} label={(n) => t('ip_n', { n })} addLabel={t('add_ip')} max={HOST_IP_ROWS_MAX} testId={`host-${host.id}-ip`} inputMode="text" />
      <SubmitButton intent="update_host" className="btn-primary px-3 py-1 text-sm" testId="host-save">
        {t('edit_ips')}
      </SubmitButton>
    </Form>
  );
}

function NewHostForm({ fqdn, actionData }: { fqdn: string; actionData?: ActionData }) {
  const { t } = useTranslation('nameservers');
  const { form, fields, formProps, errorSummary } = useAppForm({ id: 'new-host', schema: hostCreateSchema(fqdn), lastResult: actionData?.result, defaultValue: { ips: ['', ''] } });
  return (
    <Form method="post" className="card space-y-3" {...formProps} data-testid="new-host">
      {errorSummary}
      <h2 className="text-lg font-semibold">{t('new_host')}</h2>
      <NameserverAlert alert={actionData?.alert} testId="new-host-alert" />
      <CsrfInput />
      <PageIdInput />
      <input type="hidden" name="form_intent" value="create_host" />
      <InputField meta={fields.prefix} label={t('host_prefix')} placeholder="ns1">
        <p className="mt-1 break-all text-xs text-slate-600" aria-hidden="true">
          ns1.{fqdn}
        </p>
      </InputField>
      <NameserverRows form={form} field={fields.ips} label={(n) => t('ip_n', { n })} addLabel={t('add_ip')} max={HOST_IP_ROWS_MAX} testId="host-ip" />
      <p className="text-xs text-slate-600">{t('ips_hint')}</p>
      <SubmitButton intent="create_host" testId="host-create">
        {t('create')}
      </SubmitButton>
    </Form>
  );
}
