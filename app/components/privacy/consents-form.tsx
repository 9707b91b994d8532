// The GDPR consents form of /account/privacy (issue #24 §3, spec §3 GDPR consents, §5 GDPR):
// processing approval, data validity, communication agreement, newsletter and 'accept all'. The
// three required boxes each have their own message (the schema in core/validation/consent-forms.ts,
// checked in the browser with JavaScript and again by the action). A section of its own: the privacy
// page is a composition of sections (the archive and the erasure join it).
import { Form } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../../core/errors';
import type { NewsletterState } from '../../../core/newsletter';
import { consentsSchema } from '../../../core/validation/consent-forms';
import { CheckboxField, FormAlert, SubmitButton, useAppForm } from '../../lib/forms';
import { Card, Outcome, type AccountActionData } from '../account/outcome';
import { CsrfInput } from '../csrf-input';
import { PageIdInput } from '../page-id-input';
import { ConsentText } from '../legal/legal-link';

export type ConsentsFormValues = { processing: boolean; validity: boolean; communication: boolean; newsletter: NewsletterState };
export type ConsentsActionData = AccountActionData & { newsletterPending?: boolean; seconds?: number };

export function ConsentsForm({ values, actionData }: { values: ConsentsFormValues; actionData?: ConsentsActionData }) {
  const { t } = useTranslation('privacy');
  const listed = values.newsletter === 'subscribed' || values.newsletter === 'pending';
  const { fields, formProps, errorSummary } = useAppForm({
    id: 'consents',
    schema: consentsSchema,
    lastResult: actionData?.intent === 'consents' ? actionData.result : undefined,
    defaultValue: {
      gdpr_processing: values.processing ? 'on' : undefined,
      gdpr_validity: values.validity ? 'on' : undefined,
      gdpr_communication: values.communication ? 'on' : undefined,
      newsletter: listed ? 'on' : undefined,
      accept_all: values.processing && values.validity ? 'on' : undefined,
    },
  });
  const pending = actionData?.intent === 'consents' && actionData.newsletterPending;
  return (
    <Card id="consents" title={t('consents.form_title')} testId="privacy-consents">
      <Outcome actionData={actionData} intents={['consents']} />
      {pending || values.newsletter === 'pending' ? (
        <FormAlert type="info" testId="consents-newsletter-pending" code={pending ? ErrorCode.EMAIL_SENT : undefined}>
          {t('consents.newsletter_pending')}
        </FormAlert>
      ) : null}
      <p className="mb-4 text-sm text-slate-700">{t('consents.intro')}</p>
      <Form method="post" className="space-y-3" {...formProps}>
        {errorSummary}
        <CsrfInput />
        <PageIdInput />
        <input type="hidden" name="intent" value="consents" />
        <CheckboxField meta={fields.gdpr_processing} label={<ConsentText text={t('consents.processing')} />} />
        <CheckboxField meta={fields.gdpr_validity} label={t('consents.validity')} />
        <CheckboxField meta={fields.gdpr_communication} label={t('consents.communication')} />
        <CheckboxField meta={fields.newsletter} label={t('consents.newsletter')} />
        <CheckboxField meta={fields.accept_all} label={t('consents.accept_all')} />
        <SubmitButton intent="consents" testId="consents-save">
          {t('consents.save')}
        </SubmitButton>
      </Form>
    </Card>
  );
}
