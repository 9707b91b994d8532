// A domain's free hosting (issue #23 §3, spec §2 "Free hosting page"): the status label with its style
// class, the 'free-hosting' toggle (a toggle button, aria-pressed: a submit button may not be a
// switch in HTML; a plain POST of the wanted state; user_interacts says whether it
// takes a click), the delete-after notice of a disabled one, the panel password and the other fields.
// Other tabs follow live: created and undeleted reload every field, a status update only the label.
// The panel password is in no page load and no live event (decision 091): the field's button posts
// the reveal, whose answer alone carries it, opened on the server for that request; no-store.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator } from '@remix-run/react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { FREE_HOSTING_DISK_MB, FREE_HOSTING_QUOTA } from '../../core/hosting/free-hosting';
import { CsrfInput } from '../components/csrf-input';
import { PageIdInput } from '../components/page-id-input';
import { useDateFormat } from '../components/portal/domain-list';
import { readAccountForm, unknownIntent } from '../lib/account-action.server';
import { codeAlertType, codeMessage } from '../lib/codes';
import { loadOwnDomainAndSession } from '../lib/domain-route.server';
import { FormAlert } from '../lib/forms';
import { pageT } from '../lib/i18n.server';
import { useLiveChannel } from '../lib/live';
import { pageMeta } from '../lib/meta';
import { retryAfterHeaders } from '../lib/headers';

type ToggleData = { intent: 'free_hosting'; ok: boolean; code: number; reason?: string; wanted: 'on' | 'off'; stamp: number };
/** The reveal's answer: the password, or the code that says why it cannot be shown. */
type RevealData = { intent: 'reveal_password'; ok: boolean; code: number; password?: string };
type ActionData = ToggleData | RevealData;

/** A page of one customer, and the reveal's answer holds a secret: no cache keeps either. */
const NO_STORE = { 'Cache-Control': 'no-store' };
export const headers = retryAfterHeaders({ noStore: true });

/** The label's style class (spec §3 general.status.type) as the page draws it. */
const LABEL_CLASS: Record<string, string> = {
  success: 'bg-green-100 text-green-900',
  warning: 'bg-amber-100 text-amber-900',
  info: 'bg-sky-100 text-sky-900',
  secondary: 'bg-slate-100 text-slate-800',
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { session, domain } = await loadOwnDomainAndSession(request, context, params);
  const { t, lang } = await pageT(request);
  const status = await context.services.freeHosting.status(session.user.id, domain, lang);
  return {
    meta: { title: t('freehosting:title', { name: domain.fqdn }) },
    domain: { id: domain.id, fqdn: domain.fqdn, asciiFqdn: domain.asciiFqdn },
    status,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { session, domain } = await loadOwnDomainAndSession(request, context, params);
  const { form, intent, uniqueId } = await readAccountForm(request, context);
  const svc = context.services.freeHosting;
  if (intent === 'reveal_password') {
    const r = await svc.revealPassword(session.user.id, domain);
    if (r.ok) return data<ActionData>({ intent, ok: true, code: ErrorCode.SUCCESS, password: r.password }, { headers: NO_STORE });
    return data<ActionData>({ intent, ok: false, code: r.code }, { status: r.status, headers: NO_STORE });
  }
  if (intent !== 'free_hosting') return unknownIntent();
  const value = form.get('value');
  if (value !== 'on' && value !== 'off') return data<ActionData>({ intent, ok: false, code: ErrorCode.VALIDATION_ERROR, wanted: 'on', stamp: Date.now() }, 400);
  const r = value === 'on' ? await svc.enable(session.user.id, domain, uniqueId) : await svc.disable(session.user.id, domain, uniqueId);
  return data<ActionData>({ intent, ok: r.ok, code: r.code, reason: r.ok ? undefined : r.reason, wanted: value, stamp: Date.now() }, { status: r.ok ? 200 : r.status });
}

export default function DomainFreeHosting() {
  const { domain, status } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const outcome = answer?.intent === 'free_hosting' ? answer : undefined;
  const revealed = answer?.intent === 'reveal_password' ? answer : undefined;
  const { t } = useTranslation(['freehosting', 'errors']);
  const when = useDateFormat();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  // A status update from another tab changes the label only (spec §4); a new load starts from the server's.
  const [label, setLabel] = useState<{ type: string; state?: string; locale: string } | null>(null);
  useEffect(() => setLabel(null), [status]);
  useLiveChannel('hosting', (m) => {
    // The channel also carries paid services' changes (HostingServiceWasUpdated): only free hosting's events are about this page.
    if (m.channel !== 'hosting' || m.event === 'HostingServiceWasUpdated' || m.data.domain_id !== domain.id) return;
    if (m.event === 'FreeHostingStatusWasUpdated') {
      const s = m.data.general?.status;
      if (s) setLabel({ type: s.type, locale: s.locale, state: typeof m.data.general?.state === 'string' ? m.data.general.state : undefined });
    } else revalidator.revalidate();
  });
  const g = status.general;
  const shown = label ?? { type: g.status.type, locale: g.status.locale, state: g.state };
  const on = g.state === 'active' || g.state === 'provisioning';
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'free_hosting';
  const revealing = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'reveal_password';
  const done = outcome?.ok ? (outcome.code === ErrorCode.NO_CHANGE ? t('done.no_change') : t(outcome.wanted === 'on' ? 'done.enabled' : 'done.disabled')) : null;

  return (
    <section aria-labelledby="fh-title" data-testid="free-hosting" data-domain-id={domain.id} data-state={g.state}>
      <h2 id="fh-title" className="mb-1 mt-4 break-words text-xl font-semibold">
        {t('title', { name: domain.fqdn })}
      </h2>
      <p className="mb-4 text-sm text-slate-700">
        {t('intro')} {t('quota_note', { count: FREE_HOSTING_QUOTA })}
      </p>

      {outcome ? (
        <FormAlert type={outcome.ok ? (outcome.code === ErrorCode.NO_CHANGE ? 'warning' : 'success') : codeAlertType(outcome.code)} code={outcome.code} testId="free-hosting-outcome">
          {done ?? codeMessage(t, outcome.code)}
          {outcome.reason ? (
            <>
              {' '}
              <span data-testid="free-hosting-reason" data-reason={outcome.reason}>
                {t(`reason.${outcome.reason}`, { count: FREE_HOSTING_QUOTA })}
              </span>
              {outcome.reason === 'nameservers' ? (
                <>
                  {' '}
                  <Link to={`/account/domains/${domain.asciiFqdn}/nameservers`} className="underline">
                    {t('nameservers_link')}
                  </Link>
                </>
              ) : null}
            </>
          ) : null}
        </FormAlert>
      ) : null}

      <div className="card mb-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="flex items-center gap-2 text-sm">
            <span className="font-medium">{t('status_label')}</span>
            <span className={`rounded-full px-2 py-0.5 font-medium ${LABEL_CLASS[shown.type] ?? LABEL_CLASS.secondary}`} data-testid="free-hosting-status" data-type={shown.type} data-state={shown.state}>
              {shown.state ? t(`status.${shown.state}`) : shown.locale}
            </span>
          </p>
          <Form method="post" className="flex items-center gap-2" data-testid="free-hosting-form">
            <CsrfInput />
            <PageIdInput />
            <input type="hidden" name="value" value={on ? 'off' : 'on'} />
            <span id="free-hosting-label" className="text-sm font-medium">
              {t('toggle')}
            </span>
            <button
              type="submit"
              id="free-hosting"
              name="intent"
              value="free_hosting"
              aria-pressed={on}
              aria-labelledby="free-hosting-label"
              aria-describedby="free-hosting-action"
              disabled={!status.user_interacts || busy}
              aria-busy={busy || undefined}
              data-testid="free-hosting-toggle"
              data-on={on}
              className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-800 disabled:opacity-60 ${on ? 'bg-green-700' : 'bg-slate-500'}`}
            >
              <span aria-hidden="true" className={`inline-block h-6 w-6 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-5' : 'translate-x-0'}`} />
            </button>
            <span id="free-hosting-action" className="sr-only">
              {on ? t('toggle_off') : t('toggle_on')}
            </span>
          </Form>
        </div>
        {g.delete_at ? (
          <p className="mt-3 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="free-hosting-delete-at" data-delete-at={g.delete_at}>
            {t('delete_after', { date: when(Date.parse(g.delete_at)) })}
          </p>
        ) : null}
      </div>

      {g.state !== 'none' ? (
        <section className="card" aria-labelledby="fh-fields">
          <h3 id="fh-fields" className="text-lg font-semibold">
            {t('fields')}
          </h3>
          <dl className="mt-2 grid grid-cols-1 gap-3 text-sm sm:grid-cols-2" data-testid="free-hosting-fields">
            <Field label={t('panel_url')} name="panel_url">
              {g.panel_url ? (
                <a href={g.panel_url} className="break-all underline" rel="noopener noreferrer" target="_blank">
                  {g.panel_url}
                </a>
              ) : null}
            </Field>
            <Field label={t('username')} name="username">
              <span className="font-mono">{g.username}</span>
            </Field>
            <Field label={t('password')} name="passwd">
              {!status.customer.passwd_set ? (
                t('password_none')
              ) : revealed?.ok ? (
                <code className="block select-all break-all font-mono" data-testid="free-hosting-password">
                  {revealed.password}
                </code>
              ) : (
                <>
                  {revealed ? (
                    <FormAlert type={codeAlertType(revealed.code)} code={revealed.code} testId="free-hosting-reveal-failed">
                      {codeMessage(t, revealed.code)}
                    </FormAlert>
                  ) : null}
                  <Form method="post" data-testid="free-hosting-reveal-form">
                    <CsrfInput />
                    <button type="submit" name="intent" value="reveal_password" className="link-button" data-testid="free-hosting-reveal" disabled={revealing} aria-busy={revealing || undefined}>
                      {t('password_show')}
                    </button>
                  </Form>
                </>
              )}
            </Field>
            <Field label={t('server')} name="server">
              <span className="break-all">{g.server}</span>
            </Field>
            <Field label={t('disk_quota')} name="disk_quota">
              {t('disk_quota_value', { mb: FREE_HOSTING_DISK_MB })}
            </Field>
            {g.created_at ? (
              <Field label={t('created_at')} name="created_at">
                {when(Date.parse(g.created_at))}
              </Field>
            ) : null}
          </dl>
        </section>
      ) : null}
    </section>
  );
}

function Field({ label, name, children }: { label: string; name: string; children: ReactNode }) {
  return (
    <div data-testid={`free-hosting-field-${name}`}>
      <dt className="font-medium text-slate-700">{label}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}
