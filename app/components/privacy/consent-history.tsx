// The history of consent changes (issue #24 §3): what changed, when, from where (registration, the
// form, an e-mail link, one-click unsubscribe, staff) and from which IP, newest first.
import { useTranslation } from 'react-i18next';
import { athensFormat } from '../../lib/date-format';
import { Card } from '../account/outcome';
import { Cell, ResponsiveTable, Row } from '../responsive-table';

/** One recorded change, as the loader sends it. */
export type ConsentHistoryRow = { id: number; kind: string; granted: boolean; source: string; ip: string | null; at: string };

export function ConsentHistory({ rows }: { rows: ConsentHistoryRow[] }) {
  const { t, i18n } = useTranslation('privacy');
  const when = athensFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const columns = [
    { key: 'when', label: t('consents.when') },
    { key: 'what', label: t('consents.what') },
    { key: 'change', label: t('consents.change') },
    { key: 'source', label: t('consents.source_label') },
    { key: 'ip', label: t('consents.ip') },
  ];
  return (
    <Card id="consent-history" title={t('consents.history_title')} testId="consent-history">
      <ResponsiveTable caption={t('consents.history_title')} columns={columns} empty={{ when: rows.length === 0, text: t('consents.history_empty') }}>
        {rows.map((r) => (
          <Row key={r.id} data-kind={r.kind} data-source={r.source} data-granted={r.granted}>
            <Cell label={t('consents.when')}>{when.format(new Date(r.at))}</Cell>
            <Cell label={t('consents.what')}>{t(`consents.kind.${r.kind}`)}</Cell>
            <Cell label={t('consents.change')}>{t(r.granted ? 'consents.granted' : 'consents.withdrawn')}</Cell>
            <Cell label={t('consents.source_label')}>{t(`consents.source.${r.source}`)}</Cell>
            <Cell label={t('consents.ip')}>{r.ip ?? '—'}</Cell>
          </Row>
        ))}
      </ResponsiveTable>
    </Card>
  );
}
