// /account/domains/:name/ownership (issue #12 §5): who holds the name and how that changes. Hand it to
// another account (inspection 'ready to transfer', the offer by e-mail, cancel), the external transfer
// state, a trade (registrant change) bought through the cart, and the matching .ελ of a Greek .gr.
// Offering asks for a confirmation that says what happens, with the price of the registrant change
// where the handover carries one (.gr, .ελ). `:name` is the ASCII form; the Unicode form redirects to
// it. A name of another account is a 404 (30014).
import type { SubmissionResult } from '@conform-to/react';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useActionData, useLoaderData, useRevalidator, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { HANDOVER_OFFER_DAYS } from '../../core/domains/handover';
import { ErrorCode, resolveCode } from '../../core/errors';
import { handoverIdSchema, handoverOfferSchema, tradeSchema } from '../../core/validation/transfer-forms';
import { OfferConfirm } from '../components/portal/transfer-confirm';
import { ElSection, ExternalSection, HandoverSection, TradeSection, type ElView } from '../components/portal/transfer-ownership';
import { RefusalAlert } from '../components/portal/transfer-status';
import { cartOwner } from '../lib/cart.server';
import { FormAlert } from '../lib/forms';
import { pageT } from '../lib/i18n.server';
import { useLiveChannel } from '../lib/live';
import { readAccountForm } from '../lib/account-action.server';
import { loadOwnDomainAndSession } from '../lib/domain-route.server';
import { pageMeta } from '../lib/meta';
import { codeData } from '../lib/route-error.server';
import { fieldMessage, parseForm } from '../lib/submission.server';

const iso = (d: Date) => d.toISOString();

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { session, domain: own } = await loadOwnDomainAndSession(request, context, params);
  const ascii = own.asciiFqdn;
  const handovers = context.services.handovers;
  const page = await handovers.ownership(session.user.id, ascii);
  if (!page) throw data(codeData({ code: ErrorCode.DOMAIN_DOES_NOT_EXIST }), { status: 404 });
  const { domain } = page;
  const { t } = await pageT(request);
  const [pricing, tradeChoices] = await Promise.all([context.services.catalog.tldPricing({ actions: ['trade'] }), handovers.tradeChoices(session.user.id, domain, page.registrantChangePending)]);
  const tradeOf = (tld: string) => pricing.find((p) => p.tld === tld)?.actions.trade?.[0];
  // Only an active name can change holder (a name in redemption comes back through a restore first).
  const tradePrice = domain.status === 'active' ? tradeOf(domain.tld) : undefined;
  // Where the registrant receives the EPP code (.gr, .ελ), a handover carries a trade the recipient
  // pays: its price is said before the offer (issue #19 §2, decision 043).
  const handoverTrade = page.handoverTrade.needed
    ? [{ fqdn: domain.fqdn, tld: domain.tld }, ...(page.sibling ? [{ fqdn: page.sibling, tld: 'ελ' }] : [])].map((n) => ({ fqdn: n.fqdn, totalCents: tradeOf(n.tld)?.totalCents ?? null }))
    : null;
  const el: ElView = await handovers.elOffer(session.user.id, domain);
  return {
    meta: { title: t('transfers:ownership.title', { fqdn: domain.fqdn }) },
    fqdn: domain.fqdn,
    ascii: domain.asciiFqdn,
    inspection: page.inspection,
    offer: page.offer ? { id: page.offer.id, toEmail: page.offer.toEmail, createdAt: iso(page.offer.createdAt), expiresAt: iso(page.offer.expiresAt) } : null,
    external: page.external,
    sibling: page.sibling,
    trade: { price: tradePrice ? { months: tradePrice.months, totalCents: tradePrice.totalCents } : null, pending: page.registrantChangePending, ...tradeChoices },
    handoverTrade,
    el,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

type ActionData = { intent: string; code?: number; reason?: string; result?: SubmissionResult<string[]>; confirm?: { email: string } };

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { session, domain: own } = await loadOwnDomainAndSession(request, context, params);
  const { form, intent, uniqueId } = await readAccountForm(request, context);
  const { lang } = await pageT(request);
  const ascii = own.asciiFqdn;
  const here = `/account/domains/${ascii}/ownership`;
  const handovers = context.services.handovers;
  const refused = (r: { code: number; reason?: string }, result?: SubmissionResult<string[]>) => data<ActionData>({ intent, code: r.code, reason: r.reason, result }, resolveCode(r.code).httpStatus);
  switch (intent) {
    case 'offer': {
      const submission = parseForm(form, handoverOfferSchema);
      if (submission.status !== 'success') return refused({ code: ErrorCode.VALIDATION_ERROR, reason: 'email_invalid' }, submission.reply());
      // Nothing is offered without the confirmation that says what happens (issue #19 §1): the first
      // post checks the offer and answers with that step; its button posts again with confirm=1.
      if (form.get('confirm') !== '1') {
        const check = await handovers.checkOffer(session.user.id, ascii, submission.value.email);
        if (check.ok) return data<ActionData>({ intent, confirm: { email: check.toEmail } });
        return refused(check, check.reason === 'email_invalid' ? submission.reply({ fieldErrors: { email: fieldMessage('EMAIL') } }) : submission.reply());
      }
      const r = await handovers.offer(session.user.id, ascii, { email: submission.value.email, lang, origin: new URL(request.url).origin, uniqueId });
      if (r.ok) return redirect(`${here}?done=offered`, 303);
      return refused(r, r.reason === 'email_invalid' ? submission.reply({ fieldErrors: { email: fieldMessage('EMAIL') } }) : submission.reply());
    }
    case 'cancel': {
      const submission = parseForm(form, handoverIdSchema);
      if (submission.status !== 'success') return refused({ code: ErrorCode.ACTION_NOT_ALLOWED, reason: 'offer_missing' });
      const r = await handovers.cancel(session.user.id, submission.value.id, uniqueId);
      return r.ok ? redirect(`${here}?done=cancelled`, 303) : refused(r);
    }
    case 'trade': {
      const submission = parseForm(form, tradeSchema);
      if (submission.status !== 'success') return refused({ code: ErrorCode.VALIDATION_ERROR }, submission.reply());
      const owner = await cartOwner(context);
      if (owner.userId === null) return refused({ code: ErrorCode.ACTION_ALLOWED_ONLY_TO_USERS });
      const r = await handovers.addTrade({ ...owner, userId: owner.userId }, ascii, { registrant: Number(submission.value.registrant), agree: submission.value.agree, uniqueId });
      if (r.ok) return redirect('/cart', 303);
      const fieldErrors = 'field' in r && r.field === 'registrant' ? { registrant: fieldMessage('REQUIRED') } : undefined;
      return refused({ code: r.code }, submission.reply({ fieldErrors }));
    }
    default:
      return refused({ code: ErrorCode.UNRECOGNIZED_ACTION });
  }
}

export default function DomainOwnership() {
  const { t } = useTranslation(['transfers', 'errors']);
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const done = params.get('done');
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  // Another tab changed this name (an offer, a lock, a move, the poll): show it as it is now.
  const revalidator = useRevalidator();
  useLiveChannel('domain', (m) => {
    const data = m.data as { fqdn?: string; domains?: { fqdn: string }[] };
    if (data.fqdn === d.fqdn || data.domains?.some((x) => x.fqdn === d.fqdn)) revalidator.revalidate();
  });
  return (
    <div data-testid="ownership-page" data-fqdn={d.fqdn}>
      {/* The domain layout's header holds the page's h1 (the name). */}
      <h2 className="mb-4 mt-4 text-xl font-semibold">{t('ownership.title', { fqdn: d.fqdn })}</h2>
      {actionData?.code !== undefined ? <RefusalAlert code={actionData.code} reason={actionData.reason} /> : null}
      {done === 'offered' || done === 'cancelled' ? (
        <FormAlert type="success" testId="transfer-done">
          {t(`done.${done}`)}
        </FormAlert>
      ) : null}
      <ExternalSection state={d.external} />
      {actionData?.confirm && !d.offer ? (
        <OfferConfirm fqdn={d.fqdn} email={actionData.confirm.email} days={HANDOVER_OFFER_DAYS} sibling={d.sibling} trade={d.handoverTrade} back={`/account/domains/${d.ascii}/ownership`} />
      ) : (
        <HandoverSection inspection={d.inspection} offer={d.offer} days={HANDOVER_OFFER_DAYS} sibling={d.sibling} trade={d.handoverTrade} result={resultFor('offer')} />
      )}
      <TradeSection trade={d.trade} result={resultFor('trade')} />
      <ElSection el={d.el} />
    </div>
  );
}
