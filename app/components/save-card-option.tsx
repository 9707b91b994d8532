// "Save this card for renewals" (issue #25 §1): a box beside a card payment, sent as `save_card=on`.
// The processor's page keeps the card and we keep only its token (decision 079); renewals charge it.
import { useTranslation } from 'react-i18next';

export function SaveCardOption({ testId = 'save-card' }: { testId?: string }) {
  const { t } = useTranslation('billing');
  return (
    <label className="flex items-start gap-2 text-sm">
      <input type="checkbox" name="save_card" value="on" className="mt-1" data-testid={testId} />
      <span>
        <span className="font-medium">{t('save_card_label')}</span>
        <span className="block text-slate-600">{t('save_card_help')}</span>
      </span>
    </label>
  );
}
