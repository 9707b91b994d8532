// A domain's overview (issue #12 §2): status and dates, the registry, auto-renew (ours), the transfer
// lock (the registry's), the auth code as its registry hands it out (sent to the registrant, or shown
// once after a POST), renew/restore through the cart, and ID protect where the TLD allows it (a paid
// add-on: bought through the cart, then on/off). One action switching on an intent.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/cloudflare';
import { useActionData, useLoaderData, useRevalidator } from '@remix-run/react';
import { actionRefusal, authCodePolicy, daysLeft, idProtectPaid, idProtectPolicy, renewalAction } from '../../core/domains/portal';
import { ErrorCode, resolveCode } from '../../core/errors';
import { switchSchema } from '../../core/validation/my-domains-forms';
import { AutoRenewPlan } from '../components/portal/auto-renew-plan';
import { DomainSettings, type OverviewAction } from '../components/portal/domain-settings';
import { TransferElNote } from '../components/portal/transfer-el-note';
import { cartOwner } from '../lib/cart.server';
import { readAccountForm } from '../lib/account-action.server';
import { loadOwnDomain } from '../lib/domain-route.server';
import { useLiveChannel } from '../lib/live';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const d = await loadOwnDomain(request, context, params);
  const now = new Date();
  const can = (a: Parameters<typeof actionRefusal>[0]) => actionRefusal(a, d, now);
  // A Greek .gr may take its .ελ (spec §5 '.ελ domains'): a note with the way to it.
  const [el, renewal, autoRenewPlan] = await Promise.all([
    d.registry === 'gr' && d.tld === 'gr' && d.status === 'active' ? context.services.handovers.elOffer(d.userId, d) : null,
    // What the next renewal costs (issue #25 §1, core/renewal-price.ts).
    context.services.catalog.domainRenewal(d.tld),
    // What auto-renew will do: date, amount, paid how (issue #25 §1).
    context.services.autoRenew.planForDomain(d),
  ]);
  return data({
    el,
    renewal,
    autoRenewPlan,
    domain: {
      fqdn: d.fqdn,
      asciiFqdn: d.asciiFqdn,
      status: d.status,
      registry: d.registry,
      createdAt: d.createdAt.getTime(),
      expiresAt: d.expiresAt.getTime(),
      daysLeft: daysLeft(d.expiresAt, now),
      autoRenew: d.autoRenew,
      locked: d.locked,
      idProtect: d.idProtect,
      idProtectUntil: d.idProtectUntil && idProtectPaid(d.idProtectUntil, now) ? d.idProtectUntil.getTime() : null,
    },
    policy: {
      idProtect: idProtectPolicy(d.registry).kind,
      authCode: authCodePolicy(d.registry),
      renewal: renewalAction(d.status),
    },
    // What each control may do now (the same rules the action applies).
    allowed: {
      autoRenew: !can(d.autoRenew ? 'auto_renew_off' : 'auto_renew_on'),
      lock: !can(d.locked ? 'unlock' : 'lock'),
      authCode: !can('auth_code'),
      renew: !can('renew'),
      idProtectToggle: !can(d.idProtect ? 'id_protect_off' : 'id_protect_on'),
      buyIdProtect: !can('buy_id_protect'),
    },
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const domain = await loadOwnDomain(request, context, params);
  const { form, uniqueId } = await readAccountForm(request, context);
  const intent = String(form.get('intent') ?? '') as OverviewAction['intent'];
  const svc = context.services.myDomains;
  const userId = domain.userId;
  const name = domain.asciiFqdn;
  const answer = (r: { ok: boolean; code: number; reason?: string }, extra: Partial<OverviewAction> = {}) =>
    data<OverviewAction>({ intent, ok: r.ok, code: r.code, reason: r.ok ? undefined : r.reason, ...extra }, { status: r.ok ? 200 : statusOf(r.code) });
  const value = () => switchSchema.safeParse({ value: form.get('value') });

  switch (intent) {
    case 'auto_renew':
    case 'lock':
    case 'id_protect': {
      const v = value();
      if (!v.success) return answer({ ok: false, code: ErrorCode.VALIDATION_ERROR });
      const on = v.data.value === 'on';
      const r = intent === 'auto_renew' ? await svc.setAutoRenew(userId, name, on, uniqueId) : intent === 'lock' ? await svc.setLock(userId, name, on, uniqueId) : await svc.setIdProtect(userId, name, on, uniqueId);
      return answer(r);
    }
    case 'auth_code': {
      const r = await svc.authCode(userId, name);
      // The code travels in this answer only (never in a page a GET can fetch again), and is not stored.
      return answer(r, r.ok && 'authCode' in r ? { authCode: r.authCode } : {});
    }
    case 'buy_id_protect': {
      const r = await svc.buyIdProtect(userId, await cartOwner(context), name, uniqueId);
      return r.ok ? redirect('/cart', 303) : answer(r);
    }
    default:
      return answer({ ok: false, code: ErrorCode.UNRECOGNIZED_ACTION });
  }
}

/** The catalogue's HTTP status (1005 no_change is a 200: an answer, not a failure). */
const statusOf = (code: number) => resolveCode(code).httpStatus;

export default function DomainOverview() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const revalidator = useRevalidator();
  useLiveChannel('domain', (m) => {
    if (m.event === 'DomainWasUpdated' ? m.data.fqdn === loaderData.domain.fqdn : m.event === 'DomainsWereUpdated') revalidator.revalidate();
  });
  return (
    <>
      {loaderData.el?.kind === 'el' && loaderData.el.state === 'available' ? (
        <div className="mt-4">
          <TransferElNote el={loaderData.el} asciiFqdn={loaderData.domain.asciiFqdn} />
        </div>
      ) : null}
      <DomainSettings {...loaderData} outcome={actionData} renewalPlan={<AutoRenewPlan plan={loaderData.autoRenewPlan.plan} kind="domain" daysBefore={loaderData.autoRenewPlan.daysBefore} />} />
    </>
  );
}
