// The public newsletter form (issue #24 §2, spec §2 Newsletter): an address, then the confirmation
// modal with its 'Submit' button. With JavaScript the question opens in the app's dialog and its form
// posts through a fetcher; without it, the address goes (GET) to /newsletter, a plain page with the
// same question and form. Either way the answer only sends a confirmation mail to that address.
import { Form, useFetcher } from '@remix-run/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../../core/errors';
import { codeAlertType, codeMessage } from '../../lib/codes';
import { FormAlert } from '../../lib/form-alert';
import { CsrfInput } from '../csrf-input';
import { Dialog } from '../dialog';

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

export function FooterNewsletter() {
  const { t } = useTranslation('newsletter');
  const fetcher = useFetcher<NewsletterActionData>({ key: 'footer-newsletter' });
  const [email, setEmail] = useState('');
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <section aria-labelledby="footer-newsletter-title" data-testid="footer-newsletter">
      <h2 id="footer-newsletter-title" className="mb-3 font-semibold">
        {t('footer_title')}
      </h2>
      <p className="mb-2 text-sm text-slate-700">{t('footer_text')}</p>
      <Form
        method="get"
        action="/newsletter"
        className="flex flex-wrap gap-2"
        onSubmit={(e) => {
          // With JavaScript the question is asked here; without it, on its own page.
          e.preventDefault();
          setEmail(String(new FormData(e.currentTarget).get('email') ?? '').trim());
          setOpen(true);
        }}
      >
        <label htmlFor="footer-newsletter-email" className="sr-only">
          {t('email_label')}
        </label>
        <input id="footer-newsletter-email" name="email" type="email" required autoComplete="email" placeholder={t('email_label')} className="min-w-0 flex-1 rounded border border-slate-300 px-3 py-2 text-sm" data-testid="footer-newsletter-email" />
        <button type="submit" className="btn-secondary text-sm" data-testid="footer-newsletter-submit">
          {t('subscribe')}
        </button>
      </Form>
      <Dialog open={open} onClose={close} title={t('confirm_subscribe_title')} testId="newsletter-dialog">
        {fetcher.data && fetcher.state === 'idle' && fetcher.data.email === email ? (
          <>
            <NewsletterOutcome data={fetcher.data} />
            <button type="button" className="btn-secondary" onClick={close}>
              {t('cancel')}
            </button>
          </>
        ) : (
          <SubscribeConfirmForm
            email={email}
            fetcherForm={fetcher.Form}
            cancel={
              <button type="button" className="btn-secondary" onClick={close} data-testid="newsletter-cancel">
                {t('cancel')}
              </button>
            }
          />
        )}
      </Dialog>
    </section>
  );
}
