// The header of one service's pages (issue #23 §1): plan, domain, status and renewal, and the
// sub-navigation: Overview; Server for a VPS or a dedicated server; Plan & renewal for every kind
// (relative links, so every child page keeps the same id in its address).
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { isServerKind, type HostingKind } from '../../../core/hosting/kinds';
import type { HostingServiceStatus } from '../../../core/hosting/portal';
import { TabNav } from '../tab-nav';
import { useDateFormat } from '../portal/domain-list';
import { ServiceStatus } from './service-status';

export function serviceTabs(kind: HostingKind) {
  return [{ key: 'overview', to: '.', end: true }, ...(isServerKind(kind) ? [{ key: 'server', to: 'server' }] : []), { key: 'plan', to: 'plan' }];
}

export function ServiceHeader({ service }: { service: { planName: string; domain: string | null; kind: HostingKind; status: HostingServiceStatus; expiresAt: number } }) {
  const { t } = useTranslation('hosting');
  const when = useDateFormat();
  return (
    <header className="mb-4">
      <p className="mb-1 text-sm">
        <Link to="/account/hosting" className="underline">
          {t('back_to_list')}
        </Link>
      </p>
      <h1 id="service-title" className="break-all text-2xl font-semibold" data-testid="service-plan">
        {service.planName}
      </h1>
      <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
        <span className="break-all font-medium" data-testid="service-domain">
          {service.domain ?? t('no_domain')}
        </span>
        <ServiceStatus status={service.status} testId="service-status" />
        <span>{t(`kind.${service.kind}`)}</span>
        {service.status !== 'terminated' ? <span>{t('renews_on', { date: when(service.expiresAt) })}</span> : null}
      </p>
      <TabNav label={t('subnav_label')} tabs={serviceTabs(service.kind)} name={(key) => t(`tab.${key}`)} testIdPrefix="service-tab" className="mt-3" />
    </header>
  );
}
