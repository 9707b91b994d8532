// What comes next for an order item carried out (issue #25 §6): a line under it, in words, with the
// link to the portal page where it is done. The rule is core/orders/next-steps.ts.
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { nextStepOf, type NextStepItem } from '../../../core/orders/next-steps';

export function OrderNextStep({ item }: { item: NextStepItem }) {
  const { t } = useTranslation('checkout');
  const step = nextStepOf(item);
  if (!step) return null;
  return (
    <p className="basis-full text-sm text-slate-700" data-testid="next-step" data-step={step.key}>
      {t(`next_step_${step.key}_text`)}{' '}
      <Link to={step.href} className="link-button font-medium">
        {t(`next_step_${step.key}_link`)}
      </Link>
    </p>
  );
}
