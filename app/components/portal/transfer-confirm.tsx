// The confirmation steps of an internal transfer (issue #19 §1, §2): the holder's "offer this name to
// this address?" and the recipient's accept step, each saying what happens, with the price of the
// registrant change where the handover carries one (.gr, .ελ: decision 043). Plain forms: the button
// posts `confirm=1`, without which the server does nothing.
import { Form, Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../lib/forms';
import { CsrfInput } from '../csrf-input';
import { PageIdInput } from '../page-id-input';
import { Price } from '../price';
import { useDateFormat } from './transfer-status';

export type HandoverTradeView = { fqdn: string; totalCents: number | null }[] | null;

/** The price of the registrant change per name that moves, and what it means for the EPP code. */
export function HandoverTradeNote({ trade, who }: { trade: HandoverTradeView; who: 'holder' | 'recipient' }) {
  const { t } = useTranslation('transfers');
  if (!trade) return null;
  return (
    <div className="mb-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm" data-testid="handover-trade">
      <p className="mb-1">{t(`trade_note.${who}`)}</p>
      <ul className="mb-1 list-disc pl-5">
        {trade.map((n) => (
          <li key={n.fqdn} data-testid="handover-trade-price">
            {n.fqdn}: {n.totalCents !== null ? <Price cents={n.totalCents} className="font-semibold" /> : t('trade_note.no_price')}
          </li>
        ))}
      </ul>
      <p>{t('trade_note.epp')}</p>
    </div>
  );
}

export function OfferConfirm({ fqdn, email, days, sibling, trade, back }: { fqdn: string; email: string; days: number; sibling: string | null; trade: HandoverTradeView; back: string }) {
  const { t } = useTranslation('transfers');
  return (
    <section aria-labelledby="offer-confirm-title" className="card mb-6" data-testid="offer-confirm">
      <h2 id="offer-confirm-title" className="mb-2 text-lg font-semibold">
        {t('confirm_offer.title')}
      </h2>
      <p className="mb-2 text-sm">{t('confirm_offer.text', { fqdn, email, days })}</p>
      <ul className="mb-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {sibling ? <li>{t('ownership.handover_sibling', { el: sibling })}</li> : null}
        <li>{t('confirm_offer.moves')}</li>
        <li>{t('confirm_offer.contacts')}</li>
        <li>{t('confirm_offer.verified')}</li>
      </ul>
      <HandoverTradeNote trade={trade} who="holder" />
      <Form method="post" className="flex flex-wrap items-center gap-3">
        <CsrfInput />
        <PageIdInput />
        <input type="hidden" name="email" value={email} />
        <input type="hidden" name="confirm" value="1" />
        <SubmitButton intent="offer" testId="offer-confirm-submit">
          {t('confirm_offer.submit', { fqdn, email })}
        </SubmitButton>
        <Link to={back} className="text-sm underline" data-testid="offer-confirm-back">
          {t('confirm_offer.back')}
        </Link>
      </Form>
    </section>
  );
}

export type AcceptView = {
  offer: { id: number; fqdn: string; from: string; expiresAt: string };
  moving: { fqdn: string }[];
  roles: string[];
  contacts: { id: number; name: string; email: string; ready: boolean }[];
  trade: HandoverTradeView;
};

export function AcceptStep({ step, field }: { step: AcceptView; field?: string }) {
  const { t } = useTranslation('transfers');
  const date = useDateFormat();
  const here = `/account/transfers?accept=${step.offer.id}`;
  const ready = step.contacts.filter((c) => c.ready);
  return (
    <section id="accept-step" aria-labelledby="accept-step-title" className="card mb-6" data-testid="accept-step" data-handover={step.offer.id}>
      <h2 id="accept-step-title" className="mb-2 text-lg font-semibold">
        {t('accept_step.title', { fqdn: step.offer.fqdn })}
      </h2>
      <p className="mb-2 text-sm">{t('accept_step.text', { from: step.offer.from, fqdn: step.offer.fqdn, until: date(step.offer.expiresAt) })}</p>
      <ul className="mb-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {step.moving.slice(1).map((m) => (
          <li key={m.fqdn}>{t('ownership.handover_sibling', { el: m.fqdn })}</li>
        ))}
        <li>{t('accept_step.moves')}</li>
        <li>{t('accept_step.contacts')}</li>
      </ul>
      <HandoverTradeNote trade={step.trade} who="recipient" />
      <Form method="post" action={here} className="space-y-3" data-testid="accept-form">
        <CsrfInput />
        <PageIdInput />
        <input type="hidden" name="id" value={step.offer.id} />
        <input type="hidden" name="confirm" value="1" />
        {ready.length === 0 ? (
          <p className="text-sm font-medium text-amber-900" data-testid="accept-no-contacts">
            {t('accept_step.no_contacts')}
          </p>
        ) : null}
        {step.roles.map((role) => (
          <div key={role}>
            <label htmlFor={`accept-${role}`} className="block text-sm font-medium">
              {t(`accept_step.role.${role}`)}
              {role === 'registrant' ? <span aria-hidden="true"> *</span> : null}
            </label>
            <select
              id={`accept-${role}`}
              name={role}
              required={role === 'registrant'}
              aria-invalid={field === role ? true : undefined}
              className="mt-1 w-full rounded border border-slate-300 px-3 py-2"
              data-testid={`accept-${role}`}
              defaultValue=""
            >
              <option value="">{role === 'registrant' ? t('accept_step.choose') : t('accept_step.same_as_registrant')}</option>
              {step.contacts.map((c) => (
                <option key={c.id} value={c.id} disabled={!c.ready}>
                  {c.name} ({c.email}){c.ready ? '' : ` ${t('ownership.trade_not_ready')}`}
                </option>
              ))}
            </select>
          </div>
        ))}
        <p className="text-sm">
          <Link to={`/account/contacts/new?return=${encodeURIComponent(here)}`} className="link-button" data-testid="accept-new-contact">
            {t('accept_step.new_contact')}
          </Link>
        </p>
        {step.trade ? (
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="agree" value="on" required className="mt-1" aria-invalid={field === 'agree' ? true : undefined} data-testid="accept-agree" />
            <span>{t('ownership.trade_agree')}</span>
          </label>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton intent="accept" testId="accept-confirm">
            {t('accept_step.submit', { fqdn: step.offer.fqdn })}
          </SubmitButton>
          <Link to="/account/transfers" className="text-sm underline">
            {t('accept_step.back')}
          </Link>
        </div>
      </Form>
    </section>
  );
}
