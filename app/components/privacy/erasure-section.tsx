// The erasure section of /account/privacy (issue #24 §3, GDPR Art. 17): the customer asks to close the
// account. Shown with the reason when it cannot be asked yet (active domains, unpaid documents, hosting),
// as the open request once asked. A plain POST (intent request_erasure) with a confirmation box that
// the server checks; the action is erasure-section.server.ts.
import { Form } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../../core/errors';
import { codeAlertType, codeMessage } from '../../lib/codes';
import { athensFormat } from '../../lib/date-format';
import { FormAlert } from '../../lib/forms';
import type { AccountActionData } from '../account/outcome';
import { Card } from '../account/outcome';
import { CsrfInput } from '../csrf-input';
import { PageIdInput } from '../page-id-input';

const REFUSAL_TEXT: Record<number, string> = {
  [ErrorCode.ERASURE_REFUSED_ACTIVE_DOMAINS]: 'erasure.blocked_domains',
  [ErrorCode.ERASURE_REFUSED_UNPAID_DOCUMENTS]: 'erasure.blocked_documents',
  [ErrorCode.ERASURE_REFUSED_ACTIVE_SERVICES]: 'erasure.blocked_services',
};

export function ErasureSection({ data, actionData }: { data: { pendingSince: number | null; refusal: number | null }; actionData?: AccountActionData }) {
  const { t, i18n } = useTranslation('privacy');
  const outcome = actionData?.intent === 'request_erasure' && actionData.code !== undefined ? actionData.code : null;
  const invalid = outcome === ErrorCode.VALIDATION_ERROR;
  return (
    <Card id="erasure" title={t('erasure.title')} testId="erasure-section">
      {outcome !== null && !invalid ? (
        <FormAlert type={codeAlertType(outcome)} testId="outcome-request_erasure" code={outcome}>
          {codeMessage(t, outcome)}
        </FormAlert>
      ) : null}
      <p className="text-sm text-slate-700">{t('erasure.intro')}</p>
      {data.pendingSince !== null ? (
        <p className="mt-4 rounded-lg border border-sky-300 bg-sky-50 px-4 py-3 text-sky-900" data-testid="erasure-pending">
          {t('erasure.pending', { when: athensFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(data.pendingSince)) })}
        </p>
      ) : data.refusal !== null ? (
        <p className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900" data-testid="erasure-blocked" data-code={data.refusal}>
          {t(REFUSAL_TEXT[data.refusal] ?? 'erasure.blocked_domains')}
        </p>
      ) : (
        <Form method="post" className="mt-4 space-y-3" noValidate>
          <CsrfInput />
          <PageIdInput />
          <input type="hidden" name="intent" value="request_erasure" />
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="confirm_erasure" className="mt-1" aria-invalid={invalid || undefined} aria-describedby={invalid ? 'confirm_erasure-error' : undefined} data-testid="erasure-confirm" />
            <span>{t('erasure.confirm')}</span>
          </label>
          {invalid ? (
            <p id="confirm_erasure-error" className="text-sm text-red-700">
              {t('erasure.confirm_required')}
            </p>
          ) : null}
          <button type="submit" className="btn-secondary" data-testid="erasure-submit">
            {t('erasure.submit')}
          </button>
        </Form>
      )}
    </Card>
  );
}
