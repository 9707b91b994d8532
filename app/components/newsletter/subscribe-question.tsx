// The newsletter's question ("send a confirmation mail to …?") and its answer as an alert (issue #24
// §2): the body of the footer's dialog and of the no-JS page /newsletter. A module of its own because
// the answer's alert reads the error catalogue: the footer loads it only when its dialog opens, so
// the catalogue stays out of every page's first JavaScript (issue #21 §4).
import { Form, useFetcher } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../../core/errors';
import { codeAlertType, codeMessage } from '../../lib/codes';
import { FormAlert } from '../../lib/form-alert';
import { CsrfInput } from '../csrf-input';

export type NewsletterActionData = { code: number; email?: string; seconds?: number };

/** The answer of a subscribe or resend, as an alert. */
export function NewsletterOutcome({ data }: { data: NewsletterActionData }) {
  const { t } = useTranslation('newsletter');
  const sent = data.code === ErrorCode.EMAIL_SENT || data.code === ErrorCode.VERIFY_CODE_RESEND;
  return (
    <FormAlert type={codeAlertType(data.code)} testId="newsletter-outcome" code={data.code}>
      {sent ? t('sent_text', { email: data.email ?? '' }) : codeMessage(t, data.code, { seconds: data.seconds })}
    </FormAlert>
  );
}

/** The question and its form: the dialog's body, and the no-JS page's. */
export function SubscribeConfirmForm({ email, cancel, fetcherForm }: { email: string; cancel: ReactNode; fetcherForm?: ReturnType<typeof useFetcher>['Form'] }) {
  const { t } = useTranslation('newsletter');
  const FormTag = fetcherForm ?? Form;
  return (
    <FormTag method="post" action="/newsletter" data-testid="newsletter-confirm-form">
      <CsrfInput />
      <input type="hidden" name="email" value={email} />
      <p>{t('confirm_subscribe_text', { email })}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" data-testid="newsletter-confirm">
          {t('submit')}
        </button>
        {cancel}
      </div>
    </FormTag>
  );
}
