// How a coupon's terms read in the back office (issue #22 §2): the discount, who it is for, the days it
// is valid, the status (spec §4: ACTIVE or WARNING), and its uses against its limits. Shared by the
// list and the coupon's page so both say the same.
import { useTranslation } from 'react-i18next';
import { couponStatusLabel } from '../../../core/orders/coupons';
import type { CouponFields } from '../../../core/validation/coupon-forms';
import { Price } from '../price';
import { athensFormat } from '../../lib/date-format';

type Terms = Pick<CouponFields, 'kind' | 'value' | 'audience' | 'neverOrdered' | 'validFrom' | 'validTo' | 'status' | 'maxRedemptions' | 'maxPerCustomer' | 'minOrderCents'>;

export function useAdminDate(): (ms: number, withTime?: boolean) => string {
  const { i18n } = useTranslation();
  return (ms, withTime = false) =>
    athensFormat(i18n.language, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' }).format(new Date(ms));
}

export function CouponDiscount({ c }: { c: Terms }) {
  const { t, i18n } = useTranslation('admincoupons');
  // Percentages are basis points: an older 25.5 % row (2550) shows its decimal, never rounded away.
  const percent = String(c.value / 100).replace('.', i18n.language === 'en' ? '.' : ',');
  return c.kind === 'amount' ? <Price cents={c.value} exact /> : <span>{t('percent_value', { value: percent })}</span>;
}

export function CouponAudience({ c }: { c: Terms }) {
  const { t } = useTranslation('admincoupons');
  return (
    <span>
      {t(`audience_short.${c.audience}`)}
      {c.neverOrdered ? ` · ${t('never_ordered_short')}` : ''}
    </span>
  );
}

export function CouponValidity({ c }: { c: Terms }) {
  const { t } = useTranslation('admincoupons');
  const day = useAdminDate();
  if (c.validFrom === null && c.validTo === null) return <span>{t('validity_always')}</span>;
  return (
    <span>
      {[c.validFrom !== null ? t('validity_from', { from: day(c.validFrom) }) : null, c.validTo !== null ? t('validity_to', { to: day(c.validTo) }) : null].filter(Boolean).join(' ')}
    </span>
  );
}

export function CouponStatus({ c }: { c: Pick<Terms, 'status'> }) {
  const { t } = useTranslation('admincoupons');
  const label = couponStatusLabel(c.status);
  return (
    <span className={`rounded px-2 py-0.5 text-xs font-semibold ${label === 'ACTIVE' ? 'bg-emerald-100 text-emerald-900' : 'bg-amber-100 text-amber-900'}`} data-testid="coupon-status-label" data-status={label}>
      {t(`status.${label}`)}
    </span>
  );
}

export function CouponUses({ c, uses }: { c: Terms; uses: number }) {
  const { t } = useTranslation('admincoupons');
  return (
    <span className="flex flex-col">
      <span data-testid="coupon-uses">{c.maxRedemptions !== null ? t('uses_of', { uses, max: c.maxRedemptions }) : t('uses_unlimited', { uses })}</span>
      {c.maxPerCustomer !== null ? <span className="text-xs text-slate-600">{t('per_customer', { max: c.maxPerCustomer })}</span> : null}
    </span>
  );
}
