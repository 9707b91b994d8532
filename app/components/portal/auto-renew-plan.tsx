// What auto-renew will do (issue #25 §1), in words on the domain page's auto-renew card and the
// hosting service's overview: on which date, for how long, for how much, paid how (the account's
// credit, the saved card by its label, or the document we send), or that it is off and when it ends.
// The plan itself is core/renewals/auto-renew.ts renewalPlan, read by the loader.
import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../core/money';
import type { RenewalPlan } from '../../../core/renewals/auto-renew';
import { athensFormat } from '../../lib/date-format';

export function AutoRenewPlan({ plan, kind, daysBefore }: { plan: RenewalPlan | null; kind: 'domain' | 'hosting'; daysBefore?: number }) {
  const { t, i18n } = useTranslation(['mydomains', 'common']);
  if (!plan) return null;
  const lang = i18n.language === 'en' ? 'en' : 'el';
  // Digits (12/03/2027), the same day in Athens whatever the reader's clock.
  const date = (ms: number) => athensFormat(lang, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(ms);
  const length = (months: number) => (months % 12 === 0 ? t('common:lengths.years', { count: months / 12 }) : t('common:lengths.months', { count: months }));
  let text: string;
  let extra: ReactNode = null;
  if (plan.state === 'off') text = t(kind === 'domain' ? 'autorenew_plan.off_domain' : 'autorenew_plan.off_hosting', { date: date(plan.expiresAt) });
  else if (plan.state === 'paid') text = t('autorenew_plan.paid');
  else {
    const params = { date: plan.date === null ? '' : date(plan.date), length: length(plan.months), amount: formatMoney(plan.amountCents, lang), card: plan.cardLabel ?? '' };
    if (plan.state === 'scheduled') text = t(`autorenew_plan.scheduled_${plan.method}`, params);
    else {
      text = t(plan.date === null || plan.method === 'document' ? 'autorenew_plan.pending_document' : `autorenew_plan.pending_${plan.method}`, params);
      extra = (
        <>
          {plan.lastDecline ? (
            <p className="mt-1 text-sm text-red-800" data-testid="auto-renew-decline">
              {t('autorenew_plan.last_decline', { card: plan.lastDecline.cardLabel ?? '' })}
            </p>
          ) : null}
          {plan.documentId !== null ? (
            <Link to={`/account/documents/${plan.documentId}`} className="mt-2 inline-block text-sm font-medium underline">
              {t('autorenew_plan.pay_document')}
            </Link>
          ) : null}
        </>
      );
    }
  }
  const method = plan.state === 'scheduled' || plan.state === 'pending' ? plan.method : plan.state;
  return (
    <div className="mb-3 rounded border border-slate-200 bg-slate-50 p-3" data-testid="auto-renew-plan" data-state={plan.state} data-method={method}>
      <p className="text-sm font-medium">{text}</p>
      {extra}
      {kind === 'domain' && daysBefore !== undefined && plan.state === 'scheduled' ? <p className="mt-1 text-xs text-slate-600">{t('autorenew_plan.days_setting', { count: daysBefore })}</p> : null}
    </div>
  );
}
