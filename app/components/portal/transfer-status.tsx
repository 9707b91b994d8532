// Small shared pieces of the transfer pages: the state badges (internal offers, external transfers),
// the refusal alert (the catalogue code and the exact reason in words) and date formatting.
import { useTranslation } from 'react-i18next';
import { codeAlertType, codeMessage } from '../../lib/codes';
import { FormAlert } from '../../lib/forms';
import { athensFormat } from '../../lib/date-format';

const TONES = {
  good: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  wait: 'bg-amber-50 text-amber-900 ring-amber-200',
  off: 'bg-slate-100 text-slate-700 ring-slate-200',
  bad: 'bg-red-50 text-red-900 ring-red-200',
} as const;

function Badge({ tone, children, testId, state }: { tone: keyof typeof TONES; children: string; testId: string; state: string }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${TONES[tone]}`} data-testid={testId} data-state={state}>
      {children}
    </span>
  );
}

export type HandoverStatus = 'offered' | 'completed' | 'declined' | 'cancelled' | 'expired';
export type ExternalState = 'under_process' | 'transferred' | 'rejected';

export function HandoverStatusBadge({ status }: { status: HandoverStatus }) {
  const { t } = useTranslation('transfers');
  const tone = status === 'completed' ? 'good' : status === 'offered' ? 'wait' : 'off';
  return (
    <Badge tone={tone} testId="handover-status" state={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}

export function ExternalStateBadge({ state }: { state: ExternalState }) {
  const { t } = useTranslation('transfers');
  const tone = state === 'transferred' ? 'good' : state === 'under_process' ? 'wait' : 'bad';
  return (
    <Badge tone={tone} testId="external-state" state={state}>
      {t(`external.${state}`)}
    </Badge>
  );
}

/** A refusal: the reason's sentence, with the catalogue code on the alert (spec §8). */
export function RefusalAlert({ code, reason, testId = 'transfer-refusal' }: { code: number; reason?: string; testId?: string }) {
  const { t } = useTranslation(['transfers', 'errors']);
  return (
    <div data-reason={reason}>
      <FormAlert type={reason ? 'alert' : codeAlertType(code)} code={code} testId={testId}>
        {reason ? t(`transfers:refusal.${reason}`) : codeMessage(t, code)}
      </FormAlert>
    </div>
  );
}

export function useDateFormat() {
  const { i18n } = useTranslation();
  return (iso: string | null | undefined) => (iso ? athensFormat(i18n.language, { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso)) : '—');
}
