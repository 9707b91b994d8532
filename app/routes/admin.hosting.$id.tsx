// One hosting service in the back office (issue #23 §2): our record (holder, plan, kind, status, server,
// panel, period, suspension) beside the panel's own view, the service's staff history, and the
// actions (right hosting.manage: support sees no buttons, and a post from it is 175): suspend with a
// required reason, or unsuspend, through the provisioner port; each confirmed first
// (app/components/admin/hosting-actions.tsx); a panel refusal is an alert and nothing changed.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Link, useActionData, useLoaderData, useLocation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { staffReason } from '../../core/staff/domain-list';
import { isStaffHostingAction, staffHostingRefusal, type StaffHostingAction } from '../../core/staff/hosting-list';
import { staffCan } from '../../core/staff/permissions';
import { HostingActions } from '../components/admin/hosting-actions';
import { requireStaff } from '../lib/auth.server';
import { codeAlertType, codeMessage } from '../lib/codes';
import { FormAlert } from '../lib/forms';
import { readProtectedForm } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { codeData } from '../lib/route-error.server';
import { athensFormat } from '../lib/date-format';

const DONE = ['suspend', 'unsuspend', 'unchanged'] as const;

function serviceId(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw data(codeData({ code: ErrorCode.SERVER_PROVIDER_PRODUCT_NOT_FOUND }), { status: 404 });
  return id;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const session = await requireStaff(request, context, 'hosting.view');
  const { t } = await pageT(request);
  const id = serviceId(params.id);
  const detail = await context.services.staffHosting.detail(id);
  if (!detail) throw data(codeData({ code: ErrorCode.SERVER_PROVIDER_PRODUCT_NOT_FOUND }), { status: 404 });
  const url = new URL(request.url);
  const canManage = staffCan(session.user.userGroup, 'hosting.manage');
  const s = detail.service;
  const confirm = url.searchParams.get('confirm');
  const done = url.searchParams.get('done');
  return {
    meta: { title: t('adminhosting:detail.meta_title', { name: s.domain ?? s.username }) },
    canManage,
    // Only an action the status allows is offered for confirmation.
    confirming: canManage && isStaffHostingAction(confirm) && staffHostingRefusal(confirm, s.status) === null ? confirm : null,
    done: (DONE as readonly string[]).includes(done ?? '') ? done : null,
    service: {
      id: s.id,
      name: s.domain ?? s.username,
      domain: s.domain,
      username: s.username,
      sku: s.sku,
      kind: s.kind,
      status: s.status,
      server: s.server,
      panelUrl: s.panelUrl,
      datacenter: s.datacenter,
      accountId: s.accountId,
      lengthMonths: s.lengthMonths,
      startedAt: s.startedAt.getTime(),
      expiresAt: s.expiresAt.getTime(),
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
      suspendedAt: s.suspendedAt?.getTime() ?? null,
      suspendReason: s.suspendReason,
      terminatedAt: s.terminatedAt?.getTime() ?? null,
      orderItemId: s.orderItemId,
    },
    plan: detail.plan,
    holder: detail.holder,
    panel: detail.panel.ok ? { ok: true as const, status: detail.panel.account.status, expiresAt: detail.panel.account.expiresAt.getTime() } : { ok: false as const, code: detail.panel.code },
    history: detail.history.map((h) => ({ id: h.id, action: h.action, at: h.at.getTime(), actor: h.actorEmail, reason: typeof h.detail.reason === 'string' ? h.detail.reason : null })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

type ActionData = { intent: StaffHostingAction; code: number; field?: 'reason' };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const session = await requireStaff(request, context, 'hosting.manage');
  const id = serviceId(params.id);
  const form = await readProtectedForm(request, context);
  const intent = form.get('intent');
  if (!isStaffHostingAction(intent)) throw data(codeData({ code: ErrorCode.UNRECOGNIZED_ACTION }), { status: 400 });
  // The confirmation is a step of its own: a post that skipped it is shown the confirmation page.
  if (form.get('confirmed') !== 'yes') return redirect(`/admin/hosting/${id}?confirm=${intent}`, 303);
  const actor = { userId: session.user.id, ip: context.ip };
  const service = context.services.staffHosting;
  let result;
  if (intent === 'suspend') {
    const reason = staffReason(form.get('reason'));
    if (!reason) return data<ActionData>({ intent, code: ErrorCode.VALIDATION_ERROR, field: 'reason' }, 400);
    result = await service.suspend(id, { reason }, actor);
  } else result = await service.unsuspend(id, actor);
  if (!result.ok) return data<ActionData>({ intent, code: result.code }, result.status);
  return redirect(`/admin/hosting/${id}?done=${result.changed ? intent : 'unchanged'}`, 303);
}

export default function AdminHostingService() {
  const { service, plan, holder, panel, history, canManage, confirming, done } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const location = useLocation();
  const { t, i18n } = useTranslation('adminhosting');
  const en = i18n.language === 'en';
  const date = (ms: number) => athensFormat(en ? 'en' : 'el', { dateStyle: 'long' }).format(new Date(ms));
  const when = (ms: number) => athensFormat(en ? 'en' : 'el', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(ms));
  const showing = (actionData?.field ? actionData.intent : null) ?? confirming;
  const items: { key: string; label: string; value: string }[] = [
    { key: 'holder', label: t('detail.holder'), value: `${holder.name} · ${holder.email} · #${holder.id}` },
    { key: 'plan', label: t('list.col.plan'), value: `${(en ? plan.en : plan.el) ?? service.sku} (${service.sku})` },
    { key: 'kind', label: t('list.col.kind'), value: t(`kind.${service.kind}`) },
    { key: 'status', label: t('list.col.status'), value: t(`status.${service.status}`) },
    { key: 'server', label: t('list.col.server'), value: service.server },
    { key: 'username', label: t('detail.username'), value: service.username },
    { key: 'panel', label: t('detail.panel_url'), value: service.panelUrl },
    { key: 'account', label: t('detail.account'), value: service.accountId },
    { key: 'period', label: t('detail.period'), value: t('detail.period_value', { count: service.lengthMonths, from: date(service.startedAt), to: date(service.expiresAt) }) },
    { key: 'renewal', label: t('list.col.renewal'), value: service.cancelAtPeriodEnd ? t('detail.cancel_at_end', { date: date(service.expiresAt) }) : date(service.expiresAt) },
    ...(service.datacenter ? [{ key: 'datacenter', label: t('detail.datacenter'), value: service.datacenter }] : []),
    ...(service.suspendedAt ? [{ key: 'suspended', label: t('detail.suspended'), value: `${when(service.suspendedAt)} · ${service.suspendReason === 'unpaid' ? t('detail.reason_unpaid') : (service.suspendReason ?? '')}` }] : []),
    ...(service.terminatedAt ? [{ key: 'terminated', label: t('detail.terminated'), value: when(service.terminatedAt) }] : []),
  ];
  return (
    <div data-testid="admin-hosting-service" data-id={service.id}>
      <p className="text-sm">
        <Link to="/admin/hosting" className="text-blue-800 underline">
          {t('list.title')}
        </Link>
      </p>
      <h1 className="mt-1 break-words text-3xl font-bold">{service.name}</h1>
      <div className="mt-4" aria-live="polite">
        {done ? (
          <FormAlert type="success" testId="hosting-done">
            {t(`done.${done}`)}
          </FormAlert>
        ) : null}
        {actionData && !actionData.field ? (
          <FormAlert type={codeAlertType(actionData.code)} testId="hosting-alert" code={actionData.code}>
            {t(`actions.${actionData.intent}`)}: {codeMessage(t, actionData.code)} {t('detail.nothing_changed')}
          </FormAlert>
        ) : null}
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2" data-testid="hosting-record">
        {items.map((i) => (
          <div key={i.key}>
            <dt className="text-slate-600">{i.label}</dt>
            <dd className="wrap-anywhere" data-testid={`hosting-${i.key}`}>
              {i.value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm">
        <Link to={`/admin/customers/${holder.id}`} className="text-blue-800 underline" data-testid="hosting-holder-link">
          {t('detail.holder_page')}
        </Link>
      </p>
      <section aria-labelledby="panel-title" className="mt-8">
        <h2 id="panel-title" className="text-xl font-semibold">
          {t('detail.panel_title')}
        </h2>
        {panel.ok ? (
          <p className="mt-2 text-sm" data-testid="panel-view">
            {t('detail.panel_view', { status: t(`status.${panel.status}`), date: date(panel.expiresAt) })}
            {panel.status !== service.status || panel.expiresAt !== service.expiresAt ? (
              <strong className="ml-2 rounded bg-amber-100 px-2 py-0.5 text-xs text-amber-900" data-testid="panel-differs">
                {t('detail.differs')}
              </strong>
            ) : null}
          </p>
        ) : (
          <FormAlert type="warning" testId="panel-unavailable" code={panel.code}>
            {t('detail.panel_unavailable')} {codeMessage(t, panel.code)}
          </FormAlert>
        )}
      </section>
      {canManage ? (
        <HostingActions
          key={`${location.key}-${actionData ? JSON.stringify(actionData) : ''}`}
          id={service.id}
          name={service.name}
          status={service.status}
          confirming={showing}
          reasonError={actionData?.field === 'reason' ? t('confirm.reason_required') : null}
        />
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
          <ul className="mt-2 space-y-1 text-sm" data-testid="hosting-history">
            {history.map((h) => (
              <li key={h.id}>
                {when(h.at)} · {t(`history.${h.action.replace('hosting.', '')}`, { defaultValue: h.action })} · {h.actor ?? t('detail.system')}
                {h.reason ? ` · ${h.reason}` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
