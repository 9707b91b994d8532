// The domain page's "renewal price" fact (issue #25 §1): what the next renewal costs, by the one rule of
// core/renewal-price.ts (the catalogue service's domainRenewal), beside the expiry date.
import { useTranslation } from 'react-i18next';
import { RenewalPrice, type RenewalQuoteView } from '../renewal-price';

export function DomainRenewalFact({ renewal }: { renewal: RenewalQuoteView | null | undefined }) {
  const { t } = useTranslation();
  if (!renewal) return null;
  return (
    <div data-testid="domain-renewal-fact">
      <dt className="text-slate-600">{t('renewal_price.fact')}</dt>
      <dd className="font-medium">
        <RenewalPrice renewal={renewal} bare className="" />
      </dd>
    </div>
  );
}
