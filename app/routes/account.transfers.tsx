// /account/transfers (issue #12 §5): offers of domains waiting for this account (accept / decline;
// accepting goes through the step of `?accept=<id>`, issue #19, where the recipient names their own
// contacts and sees the price of the registrant change a .gr handover carries),
// the record of internal transfers sent and received, and transfers in from other registrars with
// their state from the registry's poll ('under process', 'successfully transferred', rejected).
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Link, useActionData, useLoaderData, useRevalidator, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { resolveCode } from '../../core/errors';
import { handoverIdSchema } from '../../core/validation/transfer-forms';
import { AcceptStep, type AcceptView } from '../components/portal/transfer-confirm';
import { ExternalTransfers, HandoverHistory, IncomingOffers } from '../components/portal/transfer-tables';
import { RefusalAlert } from '../components/portal/transfer-status';
import { readAccountAction } from '../lib/account-action.server';
import { requireUser } from '../lib/auth.server';
import { FormAlert } from '../lib/forms';
import { pageT } from '../lib/i18n.server';
import { useLiveChannel } from '../lib/live';
import { pageMeta } from '../lib/meta';
import { parseForm } from '../lib/submission.server';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const { t } = await pageT(request);
  const handovers = context.services.handovers;
  const [incoming, history, external, emailProven] = await Promise.all([
    handovers.incoming(session.user.id),
    handovers.history(session.user.id),
    handovers.externalTransfers(session.user.id),
    handovers.emailProven(session.user.id),
  ]);
  const view = (h: (typeof history)[number]) => ({ ...h, createdAt: h.createdAt.toISOString(), expiresAt: h.expiresAt.toISOString(), decidedAt: iso(h.decidedAt) });
  return {
    meta: { title: t('transfers:title') },
    incoming: incoming.map(view),
    history: history.map(view),
    external: external.map((e) => ({ ...e, at: iso(e.at) })),
    emailProven,
    acceptStep: await acceptStep(context, session.user.id, new URL(request.url).searchParams.get('accept')),
  };
}

/** The accept step of `?accept=<id>` (issue #19): what moves, the recipient's contacts, the trade's price. */
async function acceptStep(context: LoaderFunctionArgs['context'], userId: number, param: string | null): Promise<AcceptView | 'missing' | null> {
  if (param === null) return null;
  const id = Number(param);
  const choices = Number.isSafeInteger(id) && id > 0 ? await context.services.handovers.acceptChoices(userId, id) : null;
  if (!choices) return 'missing';
  const pricing = choices.trade ? await context.services.catalog.tldPricing({ actions: ['trade'] }) : [];
  return {
    offer: { ...choices.offer, expiresAt: choices.offer.expiresAt.toISOString() },
    moving: choices.moving.map((m) => ({ fqdn: m.fqdn })),
    roles: choices.roles,
    contacts: choices.contacts,
    trade: choices.trade ? choices.moving.map((m) => ({ fqdn: m.fqdn, totalCents: pricing.find((p) => p.tld === m.tld)?.actions.trade?.[0]?.totalCents ?? null })) : null,
  };
}

/** A contact id from the accept form; anything else is no choice. */
function contactId(v: FormDataEntryValue | null): number | undefined {
  const n = Number(v);
  return typeof v === 'string' && v !== '' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

type ActionData = { intent: string; code: number; reason?: string; field?: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const { session, form, intent, uniqueId } = await readAccountAction(request, context);
  const submission = parseForm(form, handoverIdSchema);
  if (submission.status !== 'success') return data<ActionData>({ intent, code: 151, reason: 'offer_missing' }, 400);
  const id = submission.value.id;
  const handovers = context.services.handovers;
  switch (intent) {
    case 'accept': {
      // Nothing is accepted without the step that says what happens and names the recipient's own
      // contacts (issue #19): a post without confirm=1 only leads there.
      if (form.get('confirm') !== '1') return redirect(`/account/transfers?accept=${id}#accept-step`, 303);
      const roles = { registrant: contactId(form.get('registrant')), admin: contactId(form.get('admin')), tech: contactId(form.get('tech')), billing: contactId(form.get('billing')) };
      const r = await handovers.accept(session.user.id, id, { roles, agree: form.get('agree') === 'on', uniqueId });
      if (r.ok) return redirect(`/account/transfers?done=accepted&fqdn=${encodeURIComponent(r.fqdn)}${r.trades.length ? '&trade=1' : ''}`, 303);
      return data<ActionData>({ intent, code: r.code, reason: r.reason, field: 'field' in r ? r.field : undefined }, resolveCode(r.code).httpStatus);
    }
    case 'decline': {
      const r = await handovers.decline(session.user.id, id);
      if (r.ok) return redirect('/account/transfers?done=declined', 303);
      return data<ActionData>({ intent, code: r.code, reason: r.reason }, resolveCode(r.code).httpStatus);
    }
    case 'cancel': {
      const r = await handovers.cancel(session.user.id, id, uniqueId);
      if (r.ok) return redirect('/account/transfers?done=cancelled', 303);
      return data<ActionData>({ intent, code: r.code, reason: r.reason }, resolveCode(r.code).httpStatus);
    }
    default:
      return data<ActionData>({ intent, code: 150 }, 404);
  }
}

export default function Transfers() {
  const { t } = useTranslation('transfers');
  const { incoming, history, external, emailProven, acceptStep } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const done = params.get('done');
  const revalidator = useRevalidator();
  // Another tab (or the holder) changed something: an offer arrived, a name moved.
  useLiveChannel('domain', (m) => {
    if (m.event === 'DomainTransferWasOffered' || m.event === 'DomainWasTransferredIn' || m.event === 'DomainWasTransferredOut' || m.event === 'DomainWasUpdated') revalidator.revalidate();
  });
  return (
    <div data-testid="transfers-page">
      <h1 className="mb-2 text-2xl font-bold">{t('title')}</h1>
      <p className="mb-4 text-sm text-slate-700">{t('intro')}</p>
      {actionData && 'code' in actionData ? <RefusalAlert code={actionData.code} reason={actionData.reason} /> : null}
      {done === 'accepted' || done === 'declined' || done === 'cancelled' ? (
        <FormAlert type="success" testId="transfer-done">
          {t(`done.${done}`, { fqdn: params.get('fqdn') ?? '' })}
          {done === 'accepted' && params.get('trade') === '1' ? (
            <>
              {' '}
              {t('done.accepted_trade')}{' '}
              <Link to="/cart" className="underline" data-testid="accepted-trade-cart">
                {t('ownership.trade_pending_cart')}
              </Link>
            </>
          ) : null}
        </FormAlert>
      ) : null}
      {acceptStep === 'missing' && !actionData ? <RefusalAlert code={151} reason="offer_missing" /> : null}
      {acceptStep && acceptStep !== 'missing' ? <AcceptStep step={acceptStep} field={actionData?.field} /> : null}
      {emailProven ? null : (
        <FormAlert type="info" testId="offers-need-verified-email">
          {t('needs_verified_email')}{' '}
          <Link to="/account" className="underline">
            {t('needs_verified_email_link')}
          </Link>
        </FormAlert>
      )}
      <IncomingOffers offers={incoming} />
      <HandoverHistory rows={history} />
      <ExternalTransfers rows={external} />
    </div>
  );
}
