// A WHOIS record as the page and the modal show it (spec §2 WHOIS modal). ID-protected names show the
// privacy service in place of the owner.
import { useTranslation } from 'react-i18next';
import type { WhoisRecord } from '../../../worker/adapters/whois/port';
import { athensFormat } from '../../lib/date-format';

/** `headingLevel`: 2 on the WHOIS page (under its h1), 3 in the modal (under the dialog's h2). */
export function WhoisRecordView({ record, headingLevel = 3 }: { record: WhoisRecord; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { t, i18n } = useTranslation('domains');
  const date = (iso: string | null) =>
    iso ? athensFormat(i18n.language, { dateStyle: 'long' }).format(new Date(iso)) : '—';
  const rows: [string, string][] = [
    [t('whois.domain'), record.unicodeDomain ? `${record.unicodeDomain} (${record.domain})` : record.domain],
    [t('whois.registrar'), record.registrar ?? '—'],
    [t('whois.status'), record.statuses.join(', ') || '—'],
    [t('whois.created'), date(record.created)],
    [t('whois.updated'), date(record.updated)],
    [t('whois.expires'), date(record.expires)],
    [t('whois.nameservers'), record.nameservers.join(', ') || '—'],
    [t('whois.dnssec'), record.dnssec === null ? '—' : record.dnssec ? t('whois.yes') : t('whois.no')],
  ];
  const r = record.registrant;
  return (
    <div data-testid="whois-record" data-privacy={record.privacy}>
      {/* One label column for both lists (the owner's block lines up with the record above it). */}
      <dl className="grid grid-cols-[9rem_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="font-medium text-slate-600">{k}</dt>
            <dd className="[overflow-wrap:anywhere]">{v}</dd>
          </div>
        ))}
      </dl>
      <Heading className="mt-4 font-semibold">{t('whois.registrant')}</Heading>
      {record.privacy ? <p className="text-sm text-slate-700" data-testid="whois-privacy">{t('whois.privacy_note')}</p> : null}
      {r ? (
        <dl className="mt-1 grid grid-cols-[9rem_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm [&>dd]:[overflow-wrap:anywhere]" data-testid="whois-registrant">
          <dt className="font-medium text-slate-600">{t('whois.name')}</dt>
          <dd>{r.name ?? '—'}</dd>
          <dt className="font-medium text-slate-600">{t('whois.organisation')}</dt>
          <dd>{r.organisation ?? '—'}</dd>
          <dt className="font-medium text-slate-600">{t('whois.email')}</dt>
          <dd>{r.email ?? '—'}</dd>
          <dt className="font-medium text-slate-600">{t('whois.country')}</dt>
          <dd>{r.country ? t(`countries:${r.country}`, { defaultValue: r.country }) : '—'}</dd>
        </dl>
      ) : (
        <p className="text-sm text-slate-700">{t('whois.no_registrant')}</p>
      )}
      {record.raw ? <pre className="mt-4 max-h-64 overflow-auto rounded bg-slate-100 p-3 text-xs">{record.raw}</pre> : null}
    </div>
  );
}
