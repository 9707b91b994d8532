// The sections of a domain's ownership page (issue #12 §5): hand the name to another account (or the
// open offer with its cancel button), the external transfer state, the trade (registrant change) as a
// cart purchase, and the matching .ελ of a Greek .gr.
import type { SubmissionResult } from '@conform-to/react';
import { getSelectProps } from '@conform-to/react';
import { Form, Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { handoverOfferSchema, tradeSchema } from '../../../core/validation/transfer-forms';
import { CheckboxField, FieldErrors, FieldLabel, InputField, SubmitButton, useAppForm } from '../../lib/forms';
import { CsrfInput } from '../csrf-input';
import { PageIdInput } from '../page-id-input';
import { Price } from '../price';
import { RowActionForm } from '../responsive-table';
import { HandoverTradeNote, type HandoverTradeView } from './transfer-confirm';
import { ExternalStateBadge, RefusalAlert, useDateFormat, type ExternalState } from './transfer-status';

type Refusal = { code: number; reason: string } | null;
export type OfferView = { id: number; toEmail: string; createdAt: string; expiresAt: string } | null;

export function HandoverSection({
  inspection,
  offer,
  days,
  sibling,
  trade,
  result,
}: {
  inspection: Refusal;
  offer: OfferView;
  days: number;
  sibling: string | null;
  trade: HandoverTradeView;
  result?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation('transfers');
  const date = useDateFormat();
  const { fields, formProps, errorSummary } = useAppForm({ id: 'handover-offer', schema: handoverOfferSchema, lastResult: result });
  return (
    <section aria-labelledby="handover-title" className="card mb-6" data-testid="handover-section" data-ready={inspection ? 'false' : 'true'}>
      <h2 id="handover-title" className="mb-2 text-lg font-semibold">
        {t('ownership.handover_title')}
      </h2>
      {offer ? (
        <div data-testid="pending-offer" data-handover={offer.id}>
          <p className="mb-1 text-sm font-medium">{t('ownership.pending_title')}</p>
          <p className="mb-3 text-sm text-slate-700">{t('ownership.pending_text', { email: offer.toEmail, date: date(offer.createdAt), until: date(offer.expiresAt) })}</p>
          <RowActionForm id={offer.id} intent="cancel" className="btn-secondary" testId="cancel-offer">
            {t('ownership.cancel_offer')}
          </RowActionForm>
        </div>
      ) : inspection ? (
        <div data-testid="not-ready">
          <p className="mb-2 text-sm font-medium">{t('ownership.not_ready')}</p>
          <RefusalAlert code={inspection.code} reason={inspection.reason} testId="inspection" />
        </div>
      ) : (
        <>
          <p className="mb-1 text-sm text-emerald-800" data-testid="ready-to-transfer">
            {t('ownership.ready')}
          </p>
          <p className="mb-3 text-sm text-slate-700">{t('ownership.handover_text', { days })}</p>
          {sibling ? (
            <p className="mb-3 text-sm font-medium" data-testid="handover-sibling">
              {t('ownership.handover_sibling', { el: sibling })}
            </p>
          ) : null}
          <HandoverTradeNote trade={trade} who="holder" />
          <Form method="post" className="space-y-3" data-testid="handover-form" {...formProps}>
            {errorSummary}
            <CsrfInput />
            <PageIdInput />
            <InputField meta={fields.email} label={t('ownership.handover_email')} type="email" autoComplete="off" />
            <SubmitButton intent="offer" testId="offer-submit">
              {t('ownership.handover_submit')}
            </SubmitButton>
          </Form>
        </>
      )}
    </section>
  );
}

export function ExternalSection({ state }: { state: ExternalState | null }) {
  const { t } = useTranslation('transfers');
  if (!state) return null;
  return (
    <section aria-labelledby="external-title" className="card mb-6" data-testid="external-section">
      <h2 id="external-title" className="mb-2 text-lg font-semibold">
        {t('ownership.external_title')}
      </h2>
      <ExternalStateBadge state={state} />
    </section>
  );
}

export type TradeView = {
  price: { months: number; totalCents: number } | null;
  /** Handed over here and the registry still names the old holder: the EPP code waits for this trade. */
  pending: boolean;
  current: number | null;
  contacts: { id: number; name: string; organisation: string | null; email: string; ready: boolean }[];
};

export function TradeSection({ trade, result }: { trade: TradeView; result?: SubmissionResult<string[]> }) {
  const { t } = useTranslation('transfers');
  const { fields, formProps, errorSummary } = useAppForm({ id: 'trade', schema: tradeSchema, lastResult: result });
  const choices = trade.contacts.filter((c) => c.ready && c.id !== trade.current);
  const selectProps = getSelectProps(fields.registrant);
  return (
    <section aria-labelledby="trade-title" className="card mb-6" data-testid="trade-section">
      <h2 id="trade-title" className="mb-2 text-lg font-semibold">
        {t('ownership.trade_title')}
      </h2>
      {!trade.price ? (
        <p className="text-sm text-slate-700">{t('ownership.trade_unavailable')}</p>
      ) : (
        <>
          {trade.pending ? (
            <p className="mb-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm" data-testid="registrant-change-pending">
              {t('ownership.trade_pending')}{' '}
              <Link to="/cart" className="link-button">
                {t('ownership.trade_pending_cart')}
              </Link>
            </p>
          ) : null}
          <p className="mb-2 text-sm text-slate-700">{t('ownership.trade_text')}</p>
          <p className="mb-3 text-sm" data-testid="trade-price">
            {t('ownership.trade_price')} <Price cents={trade.price.totalCents} className="font-semibold" />
          </p>
          {choices.length === 0 ? (
            <p className="text-sm text-slate-700" data-testid="trade-no-contacts">
              {t('ownership.trade_no_contacts')}{' '}
              <Link to="/account/contacts" className="link-button">
                {t('ownership.trade_contacts_link')}
              </Link>
            </p>
          ) : (
            <Form method="post" className="space-y-3" data-testid="trade-form" {...formProps}>
              {errorSummary}
              <CsrfInput />
              <PageIdInput />
              <div>
                <FieldLabel htmlFor={fields.registrant.id} required>
                  {t('ownership.trade_registrant')}
                </FieldLabel>
                <select {...selectProps} key={selectProps.key} className="mt-1 w-full rounded border border-slate-300 px-3 py-2" data-testid="trade-registrant">
                  <option value="">{t('ownership.trade_choose')}</option>
                  {trade.contacts.map((c) => (
                    <option key={c.id} value={c.id} disabled={!c.ready || c.id === trade.current}>
                      {c.organisation ? `${c.organisation} · ${c.name}` : c.name} ({c.email}){c.id === trade.current ? ` ${t('ownership.trade_current')}` : !c.ready ? ` ${t('ownership.trade_not_ready')}` : ''}
                    </option>
                  ))}
                </select>
                <FieldErrors id={fields.registrant.errorId} errors={fields.registrant.errors} />
              </div>
              <CheckboxField meta={fields.agree} label={t('ownership.trade_agree')} />
              <SubmitButton intent="trade" testId="trade-submit">
                {t('ownership.trade_submit')}
              </SubmitButton>
            </Form>
          )}
        </>
      )}
    </section>
  );
}

export type ElView =
  | { kind: 'el'; fqdn: string; gr: string; state: 'available' | 'taken' | 'held' | 'error' }
  /** `held`: candidates the customer already holds (their ASCII name), whose own page offers the .ελ. */
  | { kind: 'greek_gr_first'; candidates: string[]; held: Record<string, { ascii: string; fqdn: string }> }
  | null;

export function ElSection({ el }: { el: ElView }) {
  const { t } = useTranslation('transfers');
  if (!el) return null;
  return (
    <section aria-labelledby="el-title" className="card mb-6" data-testid="el-section" data-kind={el.kind} data-state={el.kind === 'el' ? el.state : undefined}>
      <h2 id="el-title" className="mb-2 text-lg font-semibold">
        {t('ownership.el_title')}
      </h2>
      {el.kind === 'el' ? (
        <>
          <p className="mb-3 text-sm text-slate-700">{t('ownership.el_text', { gr: el.gr, el: el.fqdn })}</p>
          {el.state === 'available' ? (
            <Form method="post" action="/cart">
              <CsrfInput />
              <PageIdInput />
              <input type="hidden" name="intent" value="add" />
              <input type="hidden" name="type" value="domain" />
              <input type="hidden" name="fqdn" value={el.fqdn} />
              <input type="hidden" name="redirectTo" value="/cart" />
              <button type="submit" className="btn-primary" data-testid="el-register">
                {t('ownership.el_register', { el: el.fqdn })}
              </button>
            </Form>
          ) : (
            <p className="text-sm" data-testid="el-unavailable">
              {el.state === 'held' ? t('ownership.el_held', { el: el.fqdn }) : el.state === 'taken' ? t('ownership.el_taken', { el: el.fqdn }) : t('ownership.el_error')}
            </p>
          )}
        </>
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-700">{t('ownership.el_greek_first')}</p>
          <ul className="flex flex-wrap gap-2">
            {el.candidates.map((c) => (
              <li key={c}>
                {el.held[c] ? (
                  <Link to={`/account/domains/${el.held[c].ascii}/ownership`} className="link-button" data-testid="el-greek-held">
                    {t('ownership.el_greek_held', { name: el.held[c].fqdn })}
                  </Link>
                ) : (
                  <Link to={`/domains/search?q=${encodeURIComponent(c)}`} className="link-button" data-testid="el-greek-gr">
                    <span aria-hidden="true">{c}</span>
                    <span className="sr-only">{t('ownership.el_search', { name: c })}</span>
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
