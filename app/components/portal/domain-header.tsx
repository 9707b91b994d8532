// The header of one domain's pages: name, status, expiry, registry, and the sub-navigation
// (relative links, so every child page keeps the same name in its address).
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { TabNav } from '../tab-nav';
import { useDateFormat } from './domain-list';

export const DOMAIN_TABS = [
  { key: 'overview', to: '.', end: true },
  { key: 'nameservers', to: 'nameservers' },
  { key: 'hosts', to: 'hosts' },
  { key: 'contacts', to: 'contacts' },
  { key: 'ownership', to: 'ownership' },
  { key: 'hosting', to: 'hosting' },
] as const;

const STATUS_TONE: Record<string, string> = {
  active: 'bg-green-100 text-green-900',
  expired: 'bg-amber-100 text-amber-900',
  redemption: 'bg-red-100 text-red-900',
};

export function DomainHeader({ domain }: { domain: { fqdn: string; asciiFqdn: string; status: string; registry: string; expiresAt: number } }) {
  const { t } = useTranslation('mydomains');
  const when = useDateFormat();
  return (
    <header className="mb-4">
      <p className="mb-1 text-sm">
        <Link to="/account/domains" className="underline">
          {t('back_to_list')}
        </Link>
      </p>
      <h1 id="domain-title" className="break-all text-2xl font-semibold" data-testid="domain-name">
        {domain.fqdn}
      </h1>
      <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
        <span className={`rounded-full px-2 py-0.5 font-medium ${STATUS_TONE[domain.status] ?? 'bg-slate-100 text-slate-800'}`} data-testid="domain-status" data-status={domain.status}>
          {t(`status.${domain.status}`)}
        </span>
        <span>{t('expires_on', { date: when(domain.expiresAt) })}</span>
        <span>{t(`registry.${domain.registry}`)}</span>
      </p>
      <TabNav label={t('subnav_label')} tabs={DOMAIN_TABS} name={(key) => t(`tab.${key}`)} testIdPrefix="domain-tab" className="mt-3" />
    </header>
  );
}
