// The public newsletter form (issue #24 §2, spec §2 Newsletter): an address, then the confirmation
// modal with its 'Submit' button. With JavaScript the question opens in the app's dialog and its form
// posts through a fetcher; without it, the address goes (GET) to /newsletter, a plain page with the
// same question and form. Either way the answer only sends a confirmation mail to that address.
// The question's module is loaded when the dialog first opens (it brings the error catalogue).
import { Form, useFetcher } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deferredPart } from '../../lib/deferred-part';
import { Dialog } from '../dialog';
import type { NewsletterActionData } from './subscribe-question';

const question = deferredPart(() => import('./subscribe-question'), undefined);

export function FooterNewsletter() {
  const { t } = useTranslation('newsletter');
  const fetcher = useFetcher<NewsletterActionData>({ key: 'footer-newsletter' });
  const [email, setEmail] = useState('');
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const body = question.useModule(open);
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
        {!body ? (
          <p role="status" className="text-sm text-slate-700">
            {t('loading')}
          </p>
        ) : fetcher.data && fetcher.state === 'idle' && fetcher.data.email === email ? (
          <>
            <body.NewsletterOutcome data={fetcher.data} />
            <button type="button" className="btn-secondary" onClick={close}>
              {t('cancel')}
            </button>
          </>
        ) : (
          <body.SubscribeConfirmForm
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
