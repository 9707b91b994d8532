// The newsletter in the account's preferences (issue #24 §2, spec §2/§4 Newsletter): the state, and
// subscribe / unsubscribe each behind the spec's confirmation modal with its 'Submit' button, and a
// resend while the confirmation is pending. Without JavaScript each button is a GET that shows the
// same question on the page itself (?newsletter=subscribe|unsubscribe); its form posts the change.
import { Form, Link } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../../core/errors';
import type { NewsletterState } from '../../../core/newsletter';
import { codeAlertType, codeMessage } from '../../lib/codes';
import { FormAlert, SubmitButton } from '../../lib/forms';
import { CsrfInput } from '../csrf-input';
import { Dialog } from '../dialog';
import { PageIdInput } from '../page-id-input';

export type AccountNewsletterView = { state: NewsletterState; email: string; resendIn: number };
export type NewsletterAnswer = { intent: string; code?: number; seconds?: number };
type Question = 'subscribe' | 'unsubscribe';

export const NEWSLETTER_INTENTS = ['newsletter_subscribe', 'newsletter_unsubscribe', 'newsletter_resend'];

function QuestionForm({ question, email, cancel }: { question: Question; email: string; cancel: React.ReactNode }) {
  const { t } = useTranslation('newsletter');
  return (
    <Form method="post" action="/account/preferences" data-testid={`newsletter-${question}-form`}>
      <CsrfInput />
      <PageIdInput />
      <p>{t(question === 'subscribe' ? 'confirm_subscribe_text' : 'confirm_unsubscribe_text', { email })}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <SubmitButton intent={`newsletter_${question}`} testId={`newsletter-${question}-submit`}>
          {t('submit')}
        </SubmitButton>
        {cancel}
      </div>
    </Form>
  );
}

function AskButton({ question, onAsk }: { question: Question; onAsk: (q: Question) => void }) {
  const { t } = useTranslation('newsletter');
  return (
    <Form
      method="get"
      action="/account/preferences"
      onSubmit={(e) => {
        e.preventDefault();
        onAsk(question);
      }}
    >
      <input type="hidden" name="newsletter" value={question} />
      <button type="submit" className={question === 'subscribe' ? 'btn-primary' : 'btn-secondary'} data-testid={`newsletter-${question}`}>
        {t(question)}
      </button>
    </Form>
  );
}

export function AccountNewsletter({ view, asked, answer }: { view: AccountNewsletterView; asked: Question | null; answer?: NewsletterAnswer }) {
  const { t } = useTranslation('newsletter');
  const [open, setOpen] = useState<Question | null>(null);
  // The dialog's form has been answered: the answer shows on the page, the question closes.
  useEffect(() => setOpen(null), [answer]);
  const shown = answer && NEWSLETTER_INTENTS.includes(answer.intent) && answer.code !== undefined ? answer : null;
  const sent = shown && (shown.code === ErrorCode.EMAIL_SENT || shown.code === ErrorCode.VERIFY_CODE_RESEND);
  return (
    <div className="space-y-4" data-testid="account-newsletter" data-state={view.state}>
      {shown ? (
        <FormAlert type={shown.code === ErrorCode.NO_CHANGE ? 'warning' : codeAlertType(shown.code!)} testId="newsletter-outcome" code={shown.code}>
          {sent ? t('pending_text', { email: view.email }) : codeMessage(t, shown.code!, { seconds: shown.seconds })}
        </FormAlert>
      ) : null}
      <p>
        <span className="text-slate-600">{t('state_label')}:</span>{' '}
        <span className="font-medium" data-testid="newsletter-state">
          {t(`state.${view.state}`)}
        </span>
      </p>
      {view.state === 'pending' ? <p className="text-sm text-slate-700">{t('pending_text', { email: view.email })}</p> : null}
      {asked ? (
        // The no-JS page: the question on the page itself.
        <QuestionForm
          question={asked}
          email={view.email}
          cancel={
            <Link to="/account/preferences" className="btn-secondary">
              {t('cancel')}
            </Link>
          }
        />
      ) : (
        <div className="flex flex-wrap gap-3">
          {view.state === 'none' || view.state === 'unsubscribed' ? <AskButton question="subscribe" onAsk={setOpen} /> : <AskButton question="unsubscribe" onAsk={setOpen} />}
          {view.state === 'pending' ? (
            <Form method="post" action="/account/preferences">
              <CsrfInput />
              <PageIdInput />
              <SubmitButton intent="newsletter_resend" className="btn-secondary" testId="newsletter-resend">
                {t('resend')}
              </SubmitButton>
            </Form>
          ) : null}
        </div>
      )}
      {view.state === 'pending' && view.resendIn > 0 ? <p className="text-xs text-slate-600">{t('resend_in', { seconds: view.resendIn })}</p> : null}
      <Dialog open={open !== null} onClose={() => setOpen(null)} title={t(open === 'unsubscribe' ? 'confirm_unsubscribe_title' : 'confirm_subscribe_title')} testId="account-newsletter-dialog">
        {open ? (
          <QuestionForm
            question={open}
            email={view.email}
            cancel={
              <button type="button" className="btn-secondary" onClick={() => setOpen(null)}>
                {t('cancel')}
              </button>
            }
          />
        ) : null}
      </Dialog>
    </div>
  );
}
