// Readiness per registry family (spec §3 '{registry}_ready'), as badges that say it in words, not
// only in colour: ".gr / .ελ: ready" with a check or a cross, and the reason as the badge's title.
import { useTranslation } from 'react-i18next';
import type { RegistryFamily } from '../../../core/catalog';
import type { NotReadyReason } from '../../../core/contacts/readiness';
import { CheckIcon, WarningIcon } from '../icons';
import { CrossIcon } from './contact-icons';

const FAMILIES: readonly RegistryFamily[] = ['gr', 'eurid', 'icm', 'generic'];

export function ReadinessBadges({ ready, reasons }: { ready: Record<string, 0 | 1>; reasons: Record<RegistryFamily, NotReadyReason[]> }) {
  const { t } = useTranslation('contacts');
  return (
    <ul className="flex flex-wrap gap-1" aria-label={t('col_ready')}>
      {FAMILIES.map((f) => {
        const ok = ready[`${f}_ready`] === 1;
        const why = reasons[f]?.map((r) => t(`reasons.${r}`)).join(', ');
        return (
          <li
            key={f}
            className={`inline-flex items-center gap-1 rounded border px-1.5 py-0.5 text-xs ${ok ? 'border-emerald-300 bg-emerald-50 text-emerald-900' : 'border-slate-300 bg-slate-50 text-slate-700'}`}
            title={ok ? undefined : why}
            data-testid={`ready-${f}`}
            data-ready={ok ? 1 : 0}
          >
            {ok ? <CheckIcon /> : <CrossIcon />}
            {t('badge_label', { family: t(`families.${f}`), state: ok ? t('ready_yes') : t('ready_no') })}
            {!ok && why ? <span className="sr-only"> ({why})</span> : null}
          </li>
        );
      })}
    </ul>
  );
}

export function IncompleteFlag() {
  const { t } = useTranslation('contacts');
  return (
    <span className="inline-flex items-center gap-1 rounded border border-amber-300 bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-900" data-testid="incomplete-flag">
      <WarningIcon />
      {t('incomplete')}
    </span>
  );
}
