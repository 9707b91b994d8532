import { useTranslation } from 'react-i18next';
import { intervalKey, lengthLabelKey } from '../../core/lengths';

/** "3 μήνες" / "2 έτη" (spec §9 lengths: below 12 months in months, otherwise in years). */
export function LengthLabel({ months }: { months: number }) {
  const { t } = useTranslation();
  const l = lengthLabelKey(months);
  return <>{t(l.key, { count: l.count })}</>;
}

/** "/μήνα" or "/έτος" for a price per interval of this length. */
export function IntervalSuffix({ months }: { months: number }) {
  const { t } = useTranslation();
  return <>{t(intervalKey(months).key)}</>;
}
