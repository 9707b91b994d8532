// Per-name results of applying nameservers to many names (the bulk apply, a group's re-apply).
import { useTranslation } from 'react-i18next';

export type ApplyResult = { fqdn: string; ok: boolean; key: string };

export function ResultList({ results }: { results: ApplyResult[] }) {
  const { t } = useTranslation('nameservers');
  return (
    <div className="card mb-4" data-testid="apply-results">
      <h2 className="mb-2 text-lg font-semibold">{t('results')}</h2>
      <ul className="space-y-1 text-sm">
        {results.map((r) => (
          <li key={r.fqdn} data-testid="apply-result" data-ok={r.ok} className={r.ok ? 'text-emerald-800' : 'text-red-800'}>
            <span className="font-medium text-slate-900">{r.fqdn}</span>: {t(r.key)}
          </li>
        ))}
      </ul>
    </div>
  );
}
