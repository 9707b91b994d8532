// The transfer lock card's state in words (issue #25 §1): on or off and what that means for a
// transfer, or that the name's registry has no such lock (core/domains/registry-rules.ts), so the
// card never says only "Locked" beside a button.
import { useTranslation } from 'react-i18next';
import type { RegistryFamily } from '../../../core/catalog';
import { hasTransferLock } from '../../../core/domains/registry-rules';

export function LockMeaning({ registry, locked }: { registry: string; locked: boolean }) {
  const { t } = useTranslation('mydomains');
  const state = !hasTransferLock(registry as RegistryFamily) ? 'none' : locked ? 'on' : 'off';
  return (
    <p className="mb-2 text-sm text-slate-700" data-testid="lock-meaning" data-state={state}>
      {t(`lock_meaning_${state}`)}
    </p>
  );
}
