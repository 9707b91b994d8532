// A service's status in words and with its style (issue #23 §1): the list's column and the page's header.
import { useTranslation } from 'react-i18next';
import { SERVICE_STATUS_TONE, type HostingServiceStatus } from '../../../core/hosting/portal';

export function ServiceStatus({ status, testId }: { status: HostingServiceStatus; testId?: string }) {
  const { t } = useTranslation('hosting');
  return (
    <span className={`status-${status} rounded-full px-2 py-0.5 text-xs font-medium ${SERVICE_STATUS_TONE[status]}`} data-testid={testId} data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}
