// File name with "[server]": a route file ending in ".server.tsx" is server-only to Remix's Vite plugin
// and cannot be a page; the brackets keep the URL /account/hosting/:id/server.
// A VPS's or dedicated server's page (issue #23 §1): its specs by category (the cart's rule, without
// 'management'), its address, host name and power state, and the power actions and reinstall. Each
// action is asked twice: the button opens a confirmation (the app's dialog with JavaScript, the same
// form on this page at ?confirm=<action> without), and only the confirmation's form acts. Any other
// kind of hosting has no such page (404).
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData, useRevalidator, useSearchParams } from '@remix-run/react';
import { useEffect, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { codeData } from '../lib/route-error.server';
import { ErrorCode } from '../../core/errors';
import { CsrfInput } from '../components/csrf-input';
import { Dialog } from '../components/dialog';
import { PageIdInput } from '../components/page-id-input';
import { readAccountAction, unknownIntent } from '../lib/account-action.server';
import { requireUser } from '../lib/auth.server';
import { codeMessage } from '../lib/codes';
import { FormAlert } from '../lib/forms';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { ConfirmButtons } from '../components/confirm-buttons';
import { retryAfterHeaders } from '../lib/headers';

const ACTIONS = ['start', 'stop', 'reboot', 'reinstall'] as const;
type ServerAction = (typeof ACTIONS)[number];
const isAction = (v: unknown): v is ServerAction => typeof v === 'string' && (ACTIONS as readonly string[]).includes(v);
/** States that end by themselves: the page asks again while one lasts. */
const PASSING = ['provisioning', 'rebooting', 'reinstalling'];
const POLL_MS = 5_000;

function serviceId(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw data(codeData({ code: ErrorCode.UNRECOGNIZED_ACTION }), { status: 404 });
  return id;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const id = serviceId(params.id);
  const { t, lang } = await pageT(request);
  const view = await context.services.hostingServers.view(session.user.id, id, lang);
  if (!view) throw data(codeData({ code: ErrorCode.UNRECOGNIZED_ACTION }), { status: 404 });
  const name = view.service.domain ?? view.state?.hostname ?? view.productName;
  return {
    meta: { title: t('servers:title', { name }) },
    id,
    name,
    productName: view.productName,
    status: view.service.status,
    specs: view.specs,
    osChoices: view.osChoices,
    state: view.state,
    stateCode: view.stateCode,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

/** A refusal of our limit (44160) says when to try again. */
export const headers = retryAfterHeaders({ from: 'action' });

type ActionData = { intent: ServerAction; code: number; field?: string };

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { userId, form, intent } = await readAccountAction(request, context);
  const id = serviceId(params.id);
  if (!isAction(intent)) return unknownIntent();
  // The confirmation is a step of its own: a post that skipped it is shown the confirmation.
  if (form.get('confirmed') !== 'yes') return redirect(`/account/hosting/${id}/server?confirm=${intent}`, 303);
  const servers = context.services.hostingServers;
  const { lang } = await pageT(request);
  const r = intent === 'reinstall' ? await servers.reinstall(userId, id, String(form.get('os') ?? ''), lang) : await servers.power(userId, id, intent);
  if (!r.ok) return data<ActionData>({ intent, code: r.code, field: r.field }, { status: r.status, headers: r.retryAfter ? { 'Retry-After': String(r.retryAfter) } : undefined });
  return redirect(`/account/hosting/${id}/server?done=${intent}`, 303);
}

function ConfirmForm({ action, osChoices, currentOs, error, cancelTo, onCancel }: { action: ServerAction; osChoices: { value: string; label: string }[]; currentOs: string | null; error: ActionData | null; cancelTo: string; onCancel?: () => void }) {
  const { t } = useTranslation('servers');
  return (
    <Form method="post" className="space-y-3" data-testid={`confirm-${action}-form`}>
      <CsrfInput />
      <PageIdInput />
      <input type="hidden" name="confirmed" value="yes" />
      <p>{t(`confirm.${action}_text`)}</p>
      {action === 'reinstall' ? (
        <div>
          <label htmlFor="reinstall-os" className="block text-sm font-medium">
            {t('confirm.os')}
          </label>
          <select
            id="reinstall-os"
            name="os"
            required
            defaultValue={currentOs ?? osChoices[0]?.value}
            className="mt-1 block w-full rounded border border-slate-300 px-3 py-2"
            aria-invalid={error?.field === 'os' || undefined}
            aria-describedby={error?.field === 'os' ? 'reinstall-os-error' : undefined}
            data-testid="reinstall-os"
          >
            {osChoices.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          {error?.field === 'os' ? (
            <p id="reinstall-os-error" className="mt-1 text-sm text-red-800">
              {t('confirm.os_invalid')}
            </p>
          ) : null}
        </div>
      ) : null}
      <ConfirmButtons action={action} submitLabel={t(`confirm.${action}_button`)} cancelLabel={t('confirm.cancel')} cancelTo={cancelTo} onCancel={onCancel} submitClassName="btn-primary" />
    </Form>
  );
}

/** A failure said plainly: what happened and that nothing was changed (40501, 40505, 151 …). */
function ServerAlert({ code, testId }: { code: number; testId: string }) {
  const { t } = useTranslation();
  const known = [ErrorCode.SERVER_PROVIDER_PRODUCT_NOT_FOUND, ErrorCode.SERVER_PROVIDER_HOST_NOT_RESOLVED, ErrorCode.ACTION_NOT_ALLOWED, ErrorCode.NETWORK_CONNECTION_ERROR, ErrorCode.SERVER_ACTIONS_TOO_MANY] as number[];
  return (
    <FormAlert type="alert" code={code} testId={testId}>
      <p className="font-medium">{known.includes(code) ? t(`servers:alert.${code}`) : codeMessage(t, code)}</p>
      <p className="text-sm">
        {codeMessage(t, code)} ({code})
      </p>
    </FormAlert>
  );
}

export default function ServerPage() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const { t } = useTranslation('servers');
  const [params] = useSearchParams();
  const confirming = isAction(params.get('confirm')) ? (params.get('confirm') as ServerAction) : null;
  const done = isAction(params.get('done')) ? params.get('done') : null;
  const [open, setOpen] = useState<ServerAction | null>(null);
  const revalidator = useRevalidator();
  const power = d.state?.power ?? null;
  const passing = power !== null && PASSING.includes(power);
  // A reboot or reinstall ends by itself: the page follows it while it lasts.
  useEffect(() => {
    if (!passing) return;
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [passing, revalidator]);
  const available: ServerAction[] = d.status !== 'active' || !power ? [] : power === 'running' ? ['stop', 'reboot', 'reinstall'] : power === 'stopped' ? ['start', 'reinstall'] : [];
  const base = `/account/hosting/${d.id}/server`;
  const inline = confirming;
  // An answer (done or refused) closes the dialog: the page says what happened.
  useEffect(() => setOpen(null), [done, actionData]);
  return (
    <section aria-labelledby="server-title" data-testid="server-page">
      <h2 id="server-title" className="text-xl font-semibold">
        {t('heading')}
      </h2>
      {done ? (
        <FormAlert type="success" testId="server-done">
          {t(`done.${done}`)}
        </FormAlert>
      ) : null}
      {actionData ? <ServerAlert code={actionData.code} testId="server-alert" /> : null}
      {d.stateCode ? <ServerAlert code={d.stateCode} testId="server-state-alert" /> : null}
      <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]" data-testid="server-facts">
        <dt className="font-medium">{t('hostname')}</dt>
        <dd data-testid="server-hostname">{d.state?.hostname ?? '—'}</dd>
        <dt className="font-medium">{t('ip')}</dt>
        <dd data-testid="server-ip">{d.state?.ip ?? '—'}</dd>
        <dt className="font-medium">{t('os')}</dt>
        <dd>{d.osChoices.find((o) => o.value === d.state?.os)?.label ?? d.state?.os ?? '—'}</dd>
        <dt className="font-medium">{t('power')}</dt>
        <dd>
          <span className={`rounded-full px-2 py-0.5 font-medium ${power === 'running' ? 'bg-green-100 text-green-900' : power === 'stopped' ? 'bg-slate-100 text-slate-800' : 'bg-amber-100 text-amber-900'}`} data-testid="power-state" data-state={power ?? 'unknown'}>
            {t(`state.${power ?? 'unknown'}`)}
          </span>
          {d.status === 'suspended' ? <span className="ms-2 text-sm">{t('suspended_note')}</span> : null}
          {passing ? (
            <Link to={base} className="ms-3 text-sm underline" data-testid="server-refresh">
              {t('refresh')}
            </Link>
          ) : null}
        </dd>
      </dl>

      {available.length ? (
        <div className="mt-6" data-testid="server-actions">
          <h3 className="text-lg font-semibold">{t('actions_title')}</h3>
          <div className="mt-3 flex flex-wrap gap-3">
            {available.map((a) => (
              <Link
                key={a}
                to={`${base}?confirm=${a}`}
                preventScrollReset
                className="btn-secondary"
                onClick={(e: MouseEvent) => {
                  e.preventDefault();
                  setOpen(a);
                }}
                data-testid={`server-${a}`}
              >
                {t(`action.${a}`)}
              </Link>
            ))}
          </div>
          {inline && available.includes(inline) ? (
            <div className="mt-4 rounded border border-slate-200 p-4" data-testid="confirm-inline">
              <h4 className="mb-2 font-semibold">{t(`confirm.${inline}_title`)}</h4>
              <ConfirmForm action={inline} osChoices={d.osChoices} currentOs={d.state?.os ?? null} error={actionData ?? null} cancelTo={base} />
            </div>
          ) : null}
          <Dialog open={open !== null} onClose={() => setOpen(null)} title={open ? t(`confirm.${open}_title`) : ''} testId="server-confirm">
            {open ? <ConfirmForm action={open} osChoices={d.osChoices} currentOs={d.state?.os ?? null} error={null} cancelTo={base} onCancel={() => setOpen(null)} /> : null}
          </Dialog>
        </div>
      ) : null}

      <div className="mt-8" data-testid="server-specs">
        <h3 className="text-lg font-semibold">{t('specs_title', { plan: d.productName })}</h3>
        {d.specs.map((g) => (
          <div key={g.category} className="mt-3">
            <h4 className="font-medium">{t(`category.${g.category}`)}</h4>
            <ul className="ms-5 list-disc text-sm">
              {g.items.map((i) => (
                <li key={i.name}>
                  {i.label}
                  {i.storageType ? ` (${i.storageType})` : ''}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
