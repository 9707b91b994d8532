// The one component that renders money (Hydrogen's rule): net cents in, the visitor's VAT choice
// applied through core/vat.ts and formatted through core/money.ts.
import { useTranslation } from 'react-i18next';
import { formatMoney, type MoneyLocale } from '../../core/money';
import { displayCents, fillVatDisclaimer } from '../../core/vat';
import { useVat } from '../lib/vat';

export function usePriceFormatter(): (netCents: number) => string {
  const { display } = useVat();
  const { i18n } = useTranslation();
  const locale: MoneyLocale = i18n.language === 'en' ? 'en' : 'el';
  return (netCents) => formatMoney(displayCents(netCents, display), locale);
}

/** `exact` shows the amount as it is (order totals, whose VAT is its own line), ignoring the VAT display. */
export function Price({ cents, className, strike = false, exact = false }: { cents: number; className?: string; strike?: boolean; exact?: boolean }) {
  const format = usePriceFormatter();
  const { i18n } = useTranslation();
  const Tag = strike ? 's' : 'span';
  return (
    <Tag className={className} data-price-net={exact ? undefined : cents} data-cents={exact ? cents : undefined}>
      {exact ? formatMoney(cents, i18n.language === 'en' ? 'en' : 'el') : format(cents)}
    </Tag>
  );
}

/**
 * A sum of net prices as the visitor sees it: each with VAT rounded on its own, then added (the one
 * rule of core/vat.ts), so a subtotal always equals the lines shown above it.
 */
export function PriceSum({ lines, className, testId }: { lines: readonly number[]; className?: string; testId?: string }) {
  const { display } = useVat();
  const { i18n } = useTranslation();
  const cents = lines.reduce((a, n) => a + displayCents(n, display), 0);
  return (
    <span className={className} data-testid={testId} data-cents={cents}>
      {formatMoney(cents, i18n.language === 'en' ? 'en' : 'el')}
    </span>
  );
}

/** "με ΦΠΑ 24%" / "χωρίς ΦΠΑ" next to a price list, so no number is ambiguous. */
export function VatNote({ className }: { className?: string }) {
  const { display } = useVat();
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'el';
  return (
    <span className={className} data-testid="vat-note">
      {display.show ? fillVatDisclaimer(t('vat.disclaimer'), display.rateBp, lang) : t('vat.without_note')}
    </span>
  );
}
