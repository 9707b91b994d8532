// One name in the back office (issue #22 §2): our record beside the registry's own view (info through
// the registry port), every difference said in words (expiry drift, nameservers, status, lock, another
// registrar), the holder and contacts, the name's staff history; and the actions (right
// domains.manage: support sees no buttons, and a post from it is 175): sync from the registry, renew a
// goodwill year, lock/unlock, move to another account with a reason. Each action is confirmed first
// (app/components/admin/domain-actions.tsx); a registry refusal is an alert and nothing changed.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Link, useActionData, useLoaderData, useLocation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { staffCan } from '../../core/staff/permissions';
import { isStaffDomainAction, staffReason, type DomainDifference, type StaffDomainAction } from '../../core/staff/domain-list';
import { DomainActions, type ConfirmError } from '../components/admin/domain-actions';
import { requireStaff } from '../lib/auth.server';
import { codeAlertType, codeMessage } from '../lib/codes';
import { FormAlert } from '../lib/forms';
import { readProtectedForm } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { codeData } from '../lib/route-error.server';
import { athensFormat } from '../lib/date-format';

const DONE = ['sync', 'renew', 'renew_repeated', 'lock', 'unlock', 'move'] as const;

function domainId(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw data(codeData({ code: ErrorCode.DOMAIN_DOES_NOT_EXIST }), { status: 404 });
  return id;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const session = await requireStaff(request, context, 'domains.view');
  const { t } = await pageT(request);
  const id = domainId(params.id);
  const detail = await context.services.staffDomains.detail(id);
  if (!detail) throw data(codeData({ code: ErrorCode.DOMAIN_DOES_NOT_EXIST }), { status: 404 });
  const url = new URL(request.url);
  const canManage = staffCan(session.user.userGroup, 'domains.manage');
  const confirm = url.searchParams.get('confirm');
  const done = url.searchParams.get('done');
  const d = detail.domain;
  const r = detail.registry;
  return {
    meta: { title: t('admindomains:detail.meta_title', { fqdn: d.fqdn }) },
    canManage,
    confirming: canManage && isStaffDomainAction(confirm) ? confirm : null,
    done: (DONE as readonly string[]).includes(done ?? '') ? done : null,
    // A fresh key per page view for the goodwill renewal: a double submit renews once.
    renewKey: crypto.randomUUID(),
    domain: {
      id: d.id,
      fqdn: d.fqdn,
      asciiFqdn: d.asciiFqdn,
      registry: d.registry,
      status: d.status,
      expiresAt: d.expiresAt.getTime(),
      createdAt: d.createdAt.getTime(),
      autoRenew: d.autoRenew,
      idProtect: d.idProtect,
      locked: d.locked,
      nsMode: d.nsMode,
      nameservers: d.nameservers,
    },
    holder: detail.holder,
    nsGroup: detail.nsGroup,
    contacts: detail.contacts,
    registry: r.ok
      ? { ok: true as const, statuses: r.info.statuses, expiresAt: r.info.expiresAt.getTime(), nameservers: r.info.nameservers, locked: r.info.locked, registrar: r.info.registrar, sponsoredByUs: r.info.sponsoredByUs, differences: r.differences }
      : { ok: false as const, code: r.code },
    history: detail.history.map((h) => ({ id: h.id, action: h.action, at: h.at.getTime(), actor: h.actorEmail, reason: typeof h.detail.reason === 'string' ? h.detail.reason : null })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

type ActionData = { intent: StaffDomainAction; code: number; reason?: string; field?: 'reason' | 'email' };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const session = await requireStaff(request, context, 'domains.manage');
  const id = domainId(params.id);
  const form = await readProtectedForm(request, context);
  const intent = form.get('intent');
  if (!isStaffDomainAction(intent)) throw data(codeData({ code: ErrorCode.UNRECOGNIZED_ACTION }), { status: 400 });
  // The confirmation is a step of its own: a post that skipped it is shown the confirmation page.
  if (form.get('confirmed') !== 'yes') return redirect(`/admin/domains/${id}?confirm=${intent}`, 303);
  const actor = { userId: session.user.id, ip: context.ip };
  const actions = context.services.staffDomainActions;
  const needsReason = intent === 'renew' || intent === 'move';
  const reason = staffReason(form.get('reason'));
  if (needsReason && !reason) return data<ActionData>({ intent, code: ErrorCode.VALIDATION_ERROR, field: 'reason' }, 400);
  let result;
  if (intent === 'sync') result = await actions.sync(id, actor);
  else if (intent === 'lock' || intent === 'unlock') result = await actions.setLock(id, intent === 'lock', actor);
  else if (intent === 'renew') {
    const key = String(form.get('key') ?? '').slice(0, 100);
    if (!key) return data<ActionData>({ intent, code: ErrorCode.VALIDATION_ERROR }, 400);
    result = await actions.renew(id, { key, reason: reason! }, actor);
  } else result = await actions.move(id, { email: String(form.get('email') ?? ''), reason: reason! }, actor);
  if (!result.ok) {
    const field = result.reason === 'holder_not_found' ? 'email' : undefined;
    return data<ActionData>({ intent, code: result.code, reason: result.reason, field }, result.code === ErrorCode.NO_CHANGE ? 200 : field ? 400 : 409);
  }
  const done = intent === 'renew' && 'repeated' in result && result.repeated ? 'renew_repeated' : intent;
  return redirect(`/admin/domains/${id}?done=${done}`, 303);
}

function Difference({ d }: { d: DomainDifference }) {
  const { t, i18n } = useTranslation('admindomains');
  const date = (ms: number) => athensFormat(i18n.language, { dateStyle: 'long' }).format(new Date(ms));
  if (d.field === 'expiry') return <>{t(d.days > 0 ? 'diff.expiry_later' : 'diff.expiry_earlier', { count: Math.abs(d.days), ours: date(d.ours), theirs: date(d.theirs) })}</>;
  if (d.field === 'nameservers') return <>{t('diff.nameservers', { ours: d.onlyOurs.join(', ') || '—', theirs: d.onlyTheirs.join(', ') || '—' })}</>;
  if (d.field === 'status') return <>{t('diff.status', { ours: t(`status.${d.ours}`), theirs: t(`status.${d.theirs}`) })}</>;
  if (d.field === 'lock') return <>{t('diff.lock', { ours: t(d.ours ? 'locked' : 'unlocked'), theirs: t(d.theirs ? 'locked' : 'unlocked') })}</>;
  return <>{t('diff.sponsor')}</>;
}

export default function AdminDomain() {
  const { domain, holder, nsGroup, contacts, registry, history, canManage, confirming, done, renewKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const location = useLocation();
  const { t, i18n } = useTranslation('admindomains');
  const date = (ms: number) => athensFormat(i18n.language, { dateStyle: 'long' }).format(new Date(ms));
  const when = (ms: number) => athensFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(ms));
  const differs = (field: DomainDifference['field']) => registry.ok && registry.differences.some((d) => d.field === field);
  const mark = (field: DomainDifference['field']) =>
    differs(field) ? (
      <strong className="ml-2 rounded bg-amber-100 px-2 py-0.5 text-xs text-amber-900" data-testid={`differs-${field}`}>
        {t('detail.differs')}
      </strong>
    ) : null;
  const fieldError: ConfirmError = actionData?.field ? { field: actionData.field, message: actionData.field === 'email' ? t('confirm.email_unknown') : t('confirm.reason_required') } : null;
  const showing = (actionData?.field ? actionData.intent : null) ?? confirming;
  const rows: { key: DomainDifference['field']; label: string; ours: string; theirs: string }[] = registry.ok
    ? [
        { key: 'expiry', label: t('detail.expiry'), ours: date(domain.expiresAt), theirs: date(registry.expiresAt) },
        { key: 'status', label: t('detail.status'), ours: t(`status.${domain.status}`), theirs: registry.statuses.join(', ') },
        { key: 'lock', label: t('detail.lock'), ours: t(domain.locked ? 'locked' : 'unlocked'), theirs: t(registry.locked ? 'locked' : 'unlocked') },
        { key: 'nameservers', label: t('detail.nameservers'), ours: domain.nameservers.join(', ') || '—', theirs: registry.nameservers.join(', ') || '—' },
        { key: 'sponsor', label: t('detail.sponsor'), ours: t('detail.us'), theirs: registry.registrar },
      ]
    : [];
  return (
    <div data-testid="admin-domain" data-id={domain.id}>
      <p className="text-sm">
        <Link to="/admin/domains" className="text-blue-800 underline">
          {t('list.title')}
        </Link>
      </p>
      <h1 className="mt-1 break-words text-3xl font-bold">{domain.fqdn}</h1>
      {domain.asciiFqdn !== domain.fqdn ? <p className="text-sm text-slate-600">{domain.asciiFqdn}</p> : null}
      <div className="mt-4" aria-live="polite">
        {done ? (
          <FormAlert type="success" testId="domain-done">
            {t(`done.${done}`)}
          </FormAlert>
        ) : null}
        {actionData && !actionData.field ? (
          <FormAlert type={codeAlertType(actionData.code)} testId="domain-alert" code={actionData.code}>
            {t(`actions.${actionData.intent}`)}: {codeMessage(t, actionData.code)} {actionData.code !== ErrorCode.NO_CHANGE ? t('detail.nothing_changed') : null}
            {actionData.reason && ['same_holder', 'holder_suspended', 'holder_erased', 'holder_closing', 'pending_order', 'moved', 'expiry_mismatch'].includes(actionData.reason) ? ` ${t(`refusal.${actionData.reason}`)}` : null}
          </FormAlert>
        ) : null}
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2" data-testid="domain-record">
        <div>
          <dt className="text-slate-600">{t('detail.holder')}</dt>
          <dd data-testid="domain-holder">
            {`${holder.firstName} ${holder.lastName}`.trim()} · {holder.email} · #{holder.id}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('list.col.registry')}</dt>
          <dd>{t(`registry.${domain.registry}`)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('list.col.auto_renew')}</dt>
          <dd>{domain.autoRenew ? t('yes') : t('no')}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('detail.ns_mode')}</dt>
          <dd>{nsGroup ? t('detail.ns_group', { name: nsGroup.name }) : t(`detail.ns_mode_${domain.nsMode}`)}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-slate-600">{t('detail.contacts')}</dt>
          <dd data-testid="domain-contacts">{contacts.length ? contacts.map((c) => `${t(`role.${c.role}`)}: ${c.name} (${c.email})`).join(' · ') : t('detail.no_contacts')}</dd>
        </div>
      </dl>
      <section aria-labelledby="compare-title" className="mt-8">
        <h2 id="compare-title" className="text-xl font-semibold">
          {t('detail.compare_title')}
        </h2>
        {registry.ok ? (
          <>
            <p className="mt-2 text-sm" data-testid="differences-summary">
              {registry.differences.length === 0 ? t('detail.no_differences') : t('detail.differences', { count: registry.differences.length })}
            </p>
            {registry.differences.length ? (
              <ul className="mt-2 list-disc space-y-1 pl-6 text-sm" data-testid="differences">
                {registry.differences.map((d) => (
                  <li key={d.field} data-testid={`difference-${d.field}`}>
                    <Difference d={d} />
                  </li>
                ))}
              </ul>
            ) : null}
            <table className="mt-4 w-full text-left text-sm" data-testid="compare-table">
              <caption className="sr-only">{t('detail.compare_title')}</caption>
              <thead>
                <tr className="border-b border-slate-200 text-slate-600">
                  <th scope="col" className="py-2 pr-2 font-medium">{t('detail.field')}</th>
                  <th scope="col" className="py-2 pr-2 font-medium">{t('detail.ours')}</th>
                  <th scope="col" className="py-2 font-medium">{t('detail.theirs')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.key} className={`border-b border-slate-100 ${differs(row.key) ? 'bg-amber-50' : ''}`} data-testid={`compare-${row.key}`}>
                    <th scope="row" className="py-2 pr-2 align-top font-medium">
                      {row.label}
                      {mark(row.key)}
                    </th>
                    <td className="py-2 pr-2 align-top wrap-anywhere">{row.ours}</td>
                    <td className="py-2 align-top wrap-anywhere">{row.theirs}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        ) : (
          <FormAlert type="warning" testId="registry-unavailable" code={registry.code}>
            {t('detail.registry_unavailable')} {codeMessage(t, registry.code)}
          </FormAlert>
        )}
      </section>
      {canManage ? (
        <DomainActions key={`${location.key}-${actionData ? JSON.stringify(actionData) : ''}`} id={domain.id} fqdn={domain.fqdn} locked={domain.locked} renewKey={renewKey} confirming={showing} error={fieldError} tradeAfterMove={domain.registry === 'gr'} />
      ) : (
        <p className="mt-8 text-sm text-slate-700" data-testid="read-only-note">
          {t('detail.read_only')}
        </p>
      )}
      <section aria-labelledby="history-title" className="mt-8">
        <h2 id="history-title" className="text-xl font-semibold">
          {t('detail.history')}
        </h2>
        {history.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">{t('detail.no_history')}</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm" data-testid="domain-history">
            {history.map((h) => (
              <li key={h.id}>
                {when(h.at)} · {t(`history.${h.action.replace('domain.', '')}`, { defaultValue: h.action })} · {h.actor ?? t('detail.system')}
                {h.reason ? ` · ${h.reason}` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
