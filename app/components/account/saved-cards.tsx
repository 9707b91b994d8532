// The customer's saved cards under billing (issue #25 §1, decision 079): brand, •••• last four,
// expiry, the default one marked (renewals charge it). Removing asks first: the Remove link opens a
// confirmation step of the page (`?remove_card=<id>`), so it works without JavaScript the same way.
import { Form, Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../../core/errors';
import { codeMessage } from '../../lib/codes';
import { FormAlert } from '../../lib/forms';
import { ConfirmButtons } from '../confirm-buttons';
import { CsrfInput } from '../csrf-input';
import { PageIdInput } from '../page-id-input';
import { Cell, DefaultMarker, ResponsiveTable, Row, RowActions } from '../responsive-table';

export type SavedCardItem = { id: number; label: string; expiry: string; expired: boolean; isDefault: boolean };

export function SavedCards({ cards, confirmId, removed, failure }: { cards: SavedCardItem[]; confirmId: number | null; removed: boolean; failure: number | null }) {
  const { t } = useTranslation('billing');
  const confirming = cards.find((c) => c.id === confirmId) ?? null;
  const columns = [
    { key: 'card', label: t('saved_cards_col_card') },
    { key: 'expiry', label: t('saved_cards_col_expiry') },
    { key: 'actions', label: t('saved_cards_col_actions'), align: 'end' as const },
  ];
  return (
    <section className="card space-y-4" aria-labelledby="saved-cards-title" id="saved-cards" data-testid="saved-cards">
      <h2 id="saved-cards-title" className="text-xl font-semibold">
        {t('saved_cards_title')}
      </h2>
      <p className="text-sm text-slate-700">{t('saved_cards_help')}</p>
      {removed ? (
        <FormAlert type="success" testId="saved-card-removed">
          {t('saved_cards_removed')}
        </FormAlert>
      ) : null}
      {failure !== null ? (
        <FormAlert type="alert" testId="saved-card-failure" code={failure}>
          {failure === ErrorCode.VALIDATION_ERROR ? t('saved_cards_not_found') : codeMessage(t, failure)}
        </FormAlert>
      ) : null}
      {confirming ? (
        <Form method="post" className="space-y-3 rounded border border-red-300 bg-red-50 p-4" data-testid="saved-card-confirm" aria-labelledby="saved-card-confirm-title">
          <h3 id="saved-card-confirm-title" className="font-semibold">
            {t('saved_cards_confirm_title', { card: confirming.label })}
          </h3>
          <p className="text-sm">{confirming.isDefault ? t('saved_cards_confirm_default') : t('saved_cards_confirm_text')}</p>
          <CsrfInput />
          <PageIdInput />
          <input type="hidden" name="id" value={confirming.id} />
          <ConfirmButtons action="remove_card" submitLabel={t('saved_cards_remove')} cancelLabel={t('saved_cards_keep')} cancelTo="/account/billing#saved-cards" submitClassName="btn-primary bg-red-700" />
        </Form>
      ) : null}
      <ResponsiveTable caption={t('saved_cards_title')} columns={columns} testId="saved-cards-list" empty={{ when: cards.length === 0, text: t('saved_cards_empty') }}>
        {cards.map((c) => (
          <Row key={c.id} data-testid="saved-card" data-default={c.isDefault}>
            <Cell label={columns[0]!.label}>
              <span className="font-medium" data-testid="saved-card-label">
                {c.label}
              </span>
            </Cell>
            <Cell label={columns[1]!.label}>
              {c.expiry}
              {c.expired ? <span className="ml-2 rounded bg-red-100 px-2 text-xs text-red-900">{t('saved_cards_expired')}</span> : null}
            </Cell>
            <RowActions>
              {c.isDefault ? <DefaultMarker>{t('saved_cards_default')}</DefaultMarker> : null}
              <Link to={`?remove_card=${c.id}#saved-cards`} className="btn-secondary px-2 py-1 text-sm text-red-800" data-testid="saved-card-remove" aria-label={t('saved_cards_remove_aria', { card: c.label })}>
                {t('saved_cards_remove')}
              </Link>
            </RowActions>
          </Row>
        ))}
      </ResponsiveTable>
    </section>
  );
}
