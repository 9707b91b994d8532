// The checkout's consent (issue #25 §3): before payment, the right of withdrawal and why it ends for a
// domain once registered (Directive 2011/83/EU art. 16(a): express consent to immediate performance
// and acknowledgement of the loss), then the one box that accepts the terms and the refund and
// withdrawal policy, both linked. The order records the versions accepted (core/legal.ts).
import type { FieldMetadata } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../lib/forms';
import { ConsentText } from '../legal/legal-link';

export function CheckoutConsent({ meta }: { meta: FieldMetadata<boolean | undefined> }) {
  const { t } = useTranslation('checkout');
  return (
    <div className="space-y-3" data-testid="checkout-consent">
      <div className="rounded border border-amber-200 bg-amber-50 p-3 text-sm text-slate-800" data-testid="withdrawal-note">
        <p className="font-semibold">{t('legal_withdrawal_title')}</p>
        <p className="mt-1">{t('legal_withdrawal_note')}</p>
      </div>
      <CheckboxField meta={meta} label={<ConsentText text={t('terms')} />} />
    </div>
  );
}
