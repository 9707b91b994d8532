// "then 19,84 € / 2 years" beside a first-period price (issue #25 §1), always shown, short, as Porkbun
// and Cloudflare do. The figure comes from core/renewal-price.ts through the loaders; the money goes
// through price.tsx (VAT display, core/money.ts). A screen reader hears a sentence ("renews at 19,84 €
// for 2 years"), not the slash.
import { useTranslation } from 'react-i18next';
import { describeLength, intervalKey, lengthLabelKey, pricePerInterval } from '../../core/lengths';
import { formatMoney } from '../../core/money';
import { usePriceFormatter } from './price';

export type RenewalQuoteView = { months: number; totalCents: number };

/**
 * `perInterval`: the price per month or year (the hosting plans' way of showing prices); otherwise the
 * renewal's total for its length (a .gr renews for two years: "then 19,84 € / 2 years"). `exact`: the
 * amount as it is, like Price's (the checkout summary lists amounts without VAT, VAT on its own line).
 */
export function RenewalPrice({
  renewal,
  perInterval = false,
  exact = false,
  bare = false,
  className = 'block text-xs text-slate-600',
}: {
  renewal: RenewalQuoteView | null | undefined;
  perInterval?: boolean;
  exact?: boolean;
  /** Without "then": where a label says what the amount is (the domain page's facts). */
  bare?: boolean;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const display = usePriceFormatter();
  const format = exact ? (cents: number) => formatMoney(cents, i18n.language === 'en' ? 'en' : 'el') : display;
  if (!renewal || renewal.months <= 0) return null;
  const length = lengthLabelKey(renewal.months);
  const lengthText = t(length.key, { count: length.count });
  // One interval (a month, a year), or a price per interval: "/έτος"; otherwise "/ 2 έτη".
  const single = perInterval || describeLength(renewal.months).count === 1;
  const cents = perInterval ? pricePerInterval(renewal.totalCents, renewal.months) : renewal.totalCents;
  const price = format(cents);
  const unit = t(intervalKey(renewal.months).key);
  const interval = lengthLabelKey(describeLength(renewal.months).unit === 'month' ? 1 : 12);
  const intervalText = t(interval.key, { count: interval.count });
  return (
    <span className={className} data-testid="renewal-price" data-renewal-net={renewal.totalCents} data-renewal-months={renewal.months}>
      <span aria-hidden="true">{t(`renewal_price.${bare ? 'amount' : 'then'}_${single ? 'interval' : 'length'}`, { price, unit, length: lengthText })}</span>
      <span className="sr-only">{t('renewal_price.sr', { price, length: perInterval ? intervalText : lengthText })}</span>
    </span>
  );
}
