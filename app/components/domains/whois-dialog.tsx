// The WHOIS modal, titled '{domain} - WHOIS DOMAIN' (spec §2). It loads the WHOIS page's data; the
// link it replaces opens that page when JavaScript is off.
import { useFetcher } from '@remix-run/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { domainToUnicode } from '../../../core/domains/punycode';
import type { WhoisRecord } from '../../../worker/adapters/whois/port';
import { codeMessage } from '../../lib/codes';
import { Dialog } from '../dialog';
import { WhoisRecordView } from './whois-record';

type WhoisData = { domain: string; result: { ok: true; record: WhoisRecord } | { ok: false; code: number } | null };

export function WhoisDialog({ domain, onClose }: { domain: string; onClose: () => void }) {
  const { t } = useTranslation('domains');
  const fetcher = useFetcher<WhoisData>();
  useEffect(() => {
    fetcher.load(`/domains/whois?domain=${encodeURIComponent(domain)}`);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per domain
  }, [domain]);
  const result = fetcher.data?.result;
  return (
    <Dialog open onClose={onClose} title={t('whois.modal_title', { domain: domainToUnicode(domain) })} testId="whois-modal" size="lg">
      {!result ? <p className="animate-pulse text-slate-600">{t('whois.loading')}</p> : result.ok ? <WhoisRecordView record={result.record} /> : <p role="alert">{codeMessage(t, result.code)}</p>}
    </Dialog>
  );
}
