// The outcome of a nameserver form (saved, no changes, or the registry's refusal) above the form.
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../lib/forms';

export type NsAlertData = { type: 'success' | 'warning' | 'alert'; key: string; code: number; params?: Record<string, string | number> };

export function NameserverAlert({ alert, testId }: { alert?: NsAlertData | null; testId: string }) {
  const { t } = useTranslation();
  if (!alert) return null;
  return (
    <FormAlert type={alert.type} code={alert.code} testId={testId}>
      {t(alert.key, alert.params ?? {})}
    </FormAlert>
  );
}
