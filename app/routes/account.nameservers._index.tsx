// Nameserver groups (issue #12 §3; spec §3 Nameserver group): list, create, rename, edit the list,
// delete (refused while a domain follows it: the alert names them), import from a domain's nameservers
// at the registry, and re-apply an edited group to the names that follow it. One action on `intent`.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData, useRevalidator } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { nameserverToUnicode } from '../../core/domains/nameservers';
import { ErrorCode } from '../../core/errors';
import { GROUP_LIMITS, groupCreateSchema, groupIdSchema, groupImportSchema, groupListSchema, groupRenameSchema } from '../../core/validation/nameserver-forms';
import { CsrfInput } from '../components/csrf-input';
import { PageIdInput } from '../components/page-id-input';
import { NameserverAlert } from '../components/portal/nameserver-alert';
import { ResultList } from '../components/portal/nameserver-results';
import { applyRowIntent, NameserverRows } from '../components/portal/nameserver-rows';
import { Cell, ResponsiveTable, Row, RowActionForm } from '../components/responsive-table';
import { readAccountAction, unknownIntent } from '../lib/account-action.server';
import { requireUser } from '../lib/auth.server';
import { FieldErrors, InputField, SubmitButton, useAppForm } from '../lib/forms';
import { pageT } from '../lib/i18n.server';
import { useLiveChannel } from '../lib/live';
import { pageMeta } from '../lib/meta';
import { alertOf, refusalFieldErrors, resultKey, shownAtFields, type NsAlert } from '../lib/nameserver-replies.server';
import { parseForm, type FormResult } from '../lib/submission.server';

type ActionData = { form: string; id?: number; alert?: NsAlert; result?: FormResult; reapply?: { id: number; names: string[] }; results?: { fqdn: string; ok: boolean; key: string }[]; stamp: number };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const { t } = await pageT(request);
  const ns = context.services.nameservers;
  const [groups, names] = await Promise.all([ns.groups(session.user.id), ns.domainNames(session.user.id)]);
  return {
    meta: { title: t('nameservers:groups_title') },
    groups: groups.map((g) => ({ id: g.id, name: g.name, nameservers: g.nameservers.map(nameserverToUnicode), followers: g.followers })),
    domains: names.map((d) => ({ fqdn: d.fqdn, asciiFqdn: d.asciiFqdn })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, context }: ActionFunctionArgs) {
  const { userId, form, intent, uniqueId } = await readAccountAction(request, context);
  const ns = context.services.nameservers;
  const stamp = Date.now();
  const which = String(form.get('form_intent') ?? form.get('intent') ?? '');
  const id = Number(form.get('id')) || undefined;
  if (applyRowIntent(form, 'ns')) return data<ActionData>({ form: which, id, result: parseForm(form, which === 'edit_group' ? groupListSchema : groupCreateSchema).reply(), stamp });

  switch (intent) {
    case 'create_group': {
      const s = parseForm(form, groupCreateSchema);
      if (s.status !== 'success') return data<ActionData>({ form: which, result: s.reply(), stamp }, 400);
      const r = await ns.createGroup(userId, s.value.name, s.value.ns.map((n) => n ?? ''));
      if (!r.ok) return data<ActionData>({ form: which, alert: shownAtFields(r) ? undefined : alertOf(r.code, r.params), result: s.reply({ fieldErrors: refusalFieldErrors(r, 'ns') }), stamp }, r.status);
      return data<ActionData>({ form: which, alert: alertOf(ErrorCode.SUCCESS, undefined, 'nameservers:group_created'), result: s.reply({ resetForm: true }), stamp });
    }
    case 'rename_group': {
      const s = parseForm(form, groupRenameSchema);
      if (s.status !== 'success') return data<ActionData>({ form: which, id, result: s.reply(), stamp }, 400);
      const r = await ns.renameGroup(userId, s.value.id, s.value.name);
      if (!r.ok) return data<ActionData>({ form: which, id, alert: alertOf(r.code), result: s.reply(), stamp }, r.status);
      return data<ActionData>({ form: 'list', alert: alertOf(ErrorCode.SUCCESS, undefined, 'nameservers:group_renamed'), stamp });
    }
    case 'edit_group': {
      const s = parseForm(form, groupListSchema);
      if (s.status !== 'success') return data<ActionData>({ form: which, id, result: s.reply(), stamp }, 400);
      const r = await ns.updateGroupList(userId, s.value.id, s.value.ns.map((n) => n ?? ''));
      if (!r.ok) return data<ActionData>({ form: which, id, alert: shownAtFields(r) ? undefined : alertOf(r.code, r.params), result: s.reply({ fieldErrors: refusalFieldErrors(r, 'ns') }), stamp }, r.status);
      // The names that follow the group still have the old list at the registry: offer to re-apply.
      return data<ActionData>({ form: 'list', alert: alertOf(ErrorCode.SUCCESS, undefined, 'nameservers:group_saved'), reapply: r.followers.length ? { id: s.value.id, names: r.followers } : undefined, stamp });
    }
    case 'reapply': {
      const s = parseForm(form, groupIdSchema);
      if (s.status !== 'success') return data<ActionData>({ form: 'list', alert: alertOf(ErrorCode.NAMESERVER_GROUP_DOES_NOT_EXIST), stamp }, 404);
      const r = await ns.reapplyGroup(userId, s.value.id, uniqueId);
      if (!r.ok) return data<ActionData>({ form: 'list', alert: alertOf(r.code), stamp }, r.status);
      return data<ActionData>({ form: 'list', results: r.results.map((x) => ({ fqdn: x.fqdn, ok: x.ok, key: resultKey(x.code) })), stamp });
    }
    case 'delete_group': {
      const s = parseForm(form, groupIdSchema);
      if (s.status !== 'success') return data<ActionData>({ form: 'list', alert: alertOf(ErrorCode.NAMESERVER_GROUP_DOES_NOT_EXIST), stamp }, 404);
      const r = await ns.deleteGroup(userId, s.value.id);
      if (!r.ok) {
        const alert = r.names ? { type: 'alert' as const, key: 'nameservers:group_in_use', code: r.code, params: { names: r.names.join(', ') } } : alertOf(r.code);
        return data<ActionData>({ form: 'list', id: s.value.id, alert, stamp }, r.status);
      }
      return data<ActionData>({ form: 'list', alert: alertOf(ErrorCode.SUCCESS, undefined, 'nameservers:group_deleted'), stamp });
    }
    case 'import_group': {
      const s = parseForm(form, groupImportSchema);
      if (s.status !== 'success') return data<ActionData>({ form: which, result: s.reply(), stamp }, 400);
      const r = await ns.importGroup(userId, s.value.name, s.value.domain);
      if (!r.ok) return data<ActionData>({ form: which, alert: alertOf(r.code), result: s.reply(), stamp }, r.status);
      return data<ActionData>({ form: which, alert: alertOf(ErrorCode.SUCCESS, undefined, 'nameservers:group_created'), result: s.reply({ resetForm: true }), stamp });
    }
    default:
      return unknownIntent();
  }
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type Group = LoaderData['groups'][number];

export default function NameserverGroups() {
  const { groups, domains } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation('nameservers');
  const revalidator = useRevalidator();
  // Another tab moved names to or off a group: the 'used by' column follows.
  useLiveChannel('domain', (m) => {
    if (m.event === 'DomainWasUpdated' || m.event === 'DomainsWereUpdated') revalidator.revalidate();
  });
  const columns = [
    { key: 'name', label: t('col_name') },
    { key: 'nameservers', label: t('col_nameservers') },
    { key: 'used_by', label: t('col_used_by') },
    { key: 'actions', label: t('col_actions') },
  ];
  return (
    <section aria-labelledby="groups-title" data-testid="nameserver-groups">
      <h1 id="groups-title" className="mb-1 text-2xl font-bold">
        {t('groups_title')}
      </h1>
      <p className="mb-4 text-sm text-slate-700">{t('groups_intro')}</p>
      {actionData?.form === 'list' || actionData?.form === 'rename_group' || actionData?.form === 'edit_group' ? <NameserverAlert alert={actionData.alert} testId="groups-alert" /> : null}
      {actionData?.reapply ? <ReapplyOffer reapply={actionData.reapply} /> : null}
      {actionData?.results ? <ResultList results={actionData.results} /> : null}
      <div className="card mb-4">
        <ResponsiveTable caption={t('groups_title')} columns={columns} testId="groups-table" empty={{ when: groups.length === 0, text: t('groups_none'), testId: 'groups-none' }}>
          {groups.map((g) => (
            <GroupRow key={g.id} group={g} actionData={actionData?.id === g.id ? actionData : undefined} />
          ))}
        </ResponsiveTable>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <NewGroupForm actionData={actionData?.form === 'create_group' ? actionData : undefined} />
        <ImportForm domains={domains} actionData={actionData?.form === 'import_group' ? actionData : undefined} />
      </div>
    </section>
  );
}

function GroupRow({ group, actionData }: { group: Group; actionData?: ActionData }) {
  const { t } = useTranslation('nameservers');
  const open = Boolean(actionData?.result) || undefined;
  return (
    <Row data-testid="group-row" data-group={group.name}>
      <Cell label={t('col_name')} className="font-medium">
        {group.name}
      </Cell>
      <Cell label={t('col_nameservers')} className="break-all">
        {group.nameservers.join(', ')}
      </Cell>
      <Cell label={t('col_used_by')} className="break-all">
        {group.followers.length
          ? group.followers.map((f, i) => (
              <span key={f.asciiFqdn}>
                {i ? ', ' : ''}
                <Link to={`/account/domains/${f.asciiFqdn}/nameservers`} className="link-button">
                  {f.fqdn}
                </Link>
              </span>
            ))
          : t('used_by_none')}
      </Cell>
      <Cell label={t('col_actions')}>
        <details className="mb-2" open={open}>
          <summary className="btn-secondary inline-block cursor-pointer px-3 py-1 text-sm" data-testid="group-edit">
            {t('edit')}
          </summary>
          <RenameForm group={group} actionData={actionData?.form === 'rename_group' ? actionData : undefined} />
          <ListForm group={group} actionData={actionData?.form === 'edit_group' ? actionData : undefined} />
        </details>
        <div className="flex flex-wrap gap-3">
          {group.followers.length ? (
            <Link to={`/account/nameservers/apply?${group.followers.map((f) => `domain=${encodeURIComponent(f.asciiFqdn)}`).join('&')}`} className="link-button text-sm">
              {t('apply_to_group')}
            </Link>
          ) : null}
          <RowActionForm id={group.id} intent="delete_group" className="link-button text-sm text-red-800" testId="group-delete">
            {t('delete')}
          </RowActionForm>
        </div>
      </Cell>
    </Row>
  );
}

function RenameForm({ group, actionData }: { group: Group; actionData?: ActionData }) {
  const { t } = useTranslation('nameservers');
  const { fields, formProps, errorSummary } = useAppForm({ id: `rename-${group.id}`, schema: groupRenameSchema, lastResult: actionData?.result, defaultValue: { id: String(group.id), name: group.name } });
  return (
    <Form method="post" className="mt-2 space-y-2" {...formProps}>
      {errorSummary}
      <CsrfInput />
      <input type="hidden" name="id" value={group.id} />
      <input type="hidden" name="form_intent" value="rename_group" />
      <InputField meta={fields.name} label={t('group_name')} />
      <SubmitButton intent="rename_group" className="btn-secondary px-3 py-1 text-sm" testId="group-rename">
        {t('rename')}
      </SubmitButton>
    </Form>
  );
}

function ListForm({ group, actionData }: { group: Group; actionData?: ActionData }) {
  const { t } = useTranslation('nameservers');
  const { form, fields, formProps, errorSummary } = useAppForm({ id: `list-${group.id}`, schema: groupListSchema, lastResult: actionData?.result, defaultValue: { id: String(group.id), ns: group.nameservers } });
  return (
    <Form method="post" className="mt-3 space-y-2 border-t border-slate-200 pt-3" {...formProps}>
      {errorSummary}
      <CsrfInput />
      <input type="hidden" name="id" value={group.id} />
      <input type="hidden" name="form_intent" value="edit_group" />
      <NameserverRows form={form} field={fields.ns} label={(n) => t('ns_n', { n })} addLabel={t('add_ns')} max={GROUP_LIMITS.max} testId={`group-${group.id}-ns`} />
      <SubmitButton intent="edit_group" className="btn-primary px-3 py-1 text-sm" testId="group-save-list">
        {t('save_list')}
      </SubmitButton>
    </Form>
  );
}

function NewGroupForm({ actionData }: { actionData?: ActionData }) {
  const { t } = useTranslation('nameservers');
  const { form, fields, formProps, errorSummary } = useAppForm({ id: 'new-group', schema: groupCreateSchema, lastResult: actionData?.result, defaultValue: { ns: ['', ''] } });
  return (
    <Form method="post" className="card space-y-3" {...formProps} data-testid="new-group">
      {errorSummary}
      <h2 className="text-lg font-semibold">{t('new_group')}</h2>
      <NameserverAlert alert={actionData?.alert} testId="new-group-alert" />
      <CsrfInput />
      <input type="hidden" name="form_intent" value="create_group" />
      <InputField meta={fields.name} label={t('group_name')} />
      <NameserverRows form={form} field={fields.ns} label={(n) => t('ns_n', { n })} addLabel={t('add_ns')} max={GROUP_LIMITS.max} testId="group-ns" placeholder="ns1.example.gr" />
      <SubmitButton intent="create_group" testId="group-create">
        {t('create')}
      </SubmitButton>
    </Form>
  );
}

function ImportForm({ domains, actionData }: { domains: { fqdn: string; asciiFqdn: string }[]; actionData?: ActionData }) {
  const { t } = useTranslation('nameservers');
  const { fields, formProps, errorSummary } = useAppForm({ id: 'import-group', schema: groupImportSchema, lastResult: actionData?.result });
  if (!domains.length) return null;
  return (
    <Form method="post" className="card space-y-3" {...formProps} data-testid="import-group">
      {errorSummary}
      <h2 className="text-lg font-semibold">{t('import_title')}</h2>
      <p className="text-sm text-slate-700">{t('import_intro')}</p>
      <NameserverAlert alert={actionData?.alert} testId="import-alert" />
      <CsrfInput />
      <InputField meta={fields.name} label={t('group_name')} />
      <div>
        <label htmlFor={fields.domain.id} className="block text-sm font-medium">
          {t('import_domain')}
        </label>
        <select id={fields.domain.id} name={fields.domain.name} defaultValue={String(fields.domain.initialValue ?? domains[0]?.asciiFqdn ?? '')} className="mt-1 w-full rounded border border-slate-300 px-2 py-2 text-sm" data-testid="import-domain">
          {domains.map((d) => (
            <option key={d.asciiFqdn} value={d.asciiFqdn}>
              {d.fqdn}
            </option>
          ))}
        </select>
        <FieldErrors id={fields.domain.errorId} errors={fields.domain.errors} />
      </div>
      <SubmitButton intent="import_group" className="btn-secondary" testId="import-submit">
        {t('import')}
      </SubmitButton>
    </Form>
  );
}

function ReapplyOffer({ reapply }: { reapply: { id: number; names: string[] } }) {
  const { t } = useTranslation('nameservers');
  return (
    <Form method="post" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm" data-testid="reapply-offer">
      <p>{t('reapply_offer', { names: reapply.names.join(', ') })}</p>
      <CsrfInput />
      <PageIdInput />
      <input type="hidden" name="id" value={reapply.id} />
      <SubmitButton intent="reapply" className="btn-primary mt-2 px-3 py-1 text-sm" testId="reapply">
        {t('reapply')}
      </SubmitButton>
    </Form>
  );
}
