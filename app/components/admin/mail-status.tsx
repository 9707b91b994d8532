// A message's status in the e-mail log (issue #33 §3): always its word, with a colour that only
// repeats it (never the colour alone), dark text on a light tint for contrast.
import { useTranslation } from 'react-i18next';

const TONE: Record<string, string> = {
  queued: 'bg-slate-100 text-slate-800 border-slate-300',
  sending: 'bg-blue-50 text-blue-900 border-blue-200',
  sent: 'bg-emerald-50 text-emerald-900 border-emerald-200',
  failed: 'bg-red-50 text-red-900 border-red-200',
  bounced: 'bg-amber-50 text-amber-900 border-amber-300',
};

export function MailStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('staff');
  return (
    <span className={`inline-block rounded border px-1.5 py-0.5 text-xs font-semibold ${TONE[status] ?? TONE.queued}`} data-testid="mail-status" data-status={status}>
      {t(`mail_log.statuses.${status}`)}
    </span>
  );
}
