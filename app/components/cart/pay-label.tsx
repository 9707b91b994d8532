// The checkout's submit button says what it will take (issue #25 §5): "Πληρωμή 15,98 €", the amount
// due after credit, formatted by the one money helper. When credit covers everything, nothing is
// paid: it places the order.
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../core/money';

export function PayLabel({ dueCents }: { dueCents: number }) {
  const { t, i18n } = useTranslation('checkout');
  if (dueCents <= 0) return <>{t('place_order')}</>;
  return <>{t('phone_pay_amount', { amount: formatMoney(dueCents, i18n.language === 'en' ? 'en' : 'el') })}</>;
}
