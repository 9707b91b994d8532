// The account's preferences (issue #3 §5, issue #12 §1): the language of the e-mails and pages, the
// communication consent, and the newsletter with its double opt-in (issue #24 §2: its own card). The menu's Preferences link comes straight here; the
// openPref cookie of spec §2 still opens this page from /account (see account._index.tsx).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { preferencesSchema } from '../../core/validation/account-forms';
import { AreaTitle, Card, Outcome, type AccountActionData } from '../components/account/outcome';
import { CsrfInput } from '../components/csrf-input';
import { AccountNewsletter, type NewsletterAnswer } from '../components/newsletter/account-newsletter';
import { readAccountAction, unknownIntent } from '../lib/account-action.server';
import { requireUser } from '../lib/auth.server';
import { CheckboxField, choiceSelectProps, InputField, NoChangesAlert, SubmitButton, useAppForm, useNoChangesGuard } from '../lib/forms';
import type { FieldMetadata } from '@conform-to/react';
import { RENEW_DAYS_MAX, RENEW_DAYS_MIN } from '../../core/renewals/auto-renew';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { parseForm } from '../lib/submission.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const { t } = await pageT(request);
  const [preferences, newsletter] = await Promise.all([context.services.account.preferences(session.user.id), context.services.newsletter.accountView(session.user.id)]);
  // Without JavaScript a newsletter button asks its question on the page itself.
  const q = new URL(request.url).searchParams.get('newsletter');
  const asked: 'subscribe' | 'unsubscribe' | null = q === 'subscribe' || q === 'unsubscribe' ? q : null;
  return data({ meta: { title: t('portal:preferences.meta_title') }, preferences, newsletter, asked });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, context }: ActionFunctionArgs) {
  const { session, form, intent, answer } = await readAccountAction(request, context);
  const { lang } = await pageT(request);
  const newsletterAnswer = (r: { ok: true; code: number } | { ok: false; code: number; status: number; seconds?: number }) =>
    r.ok ? data<NewsletterAnswer & { stamp: number }>({ intent, code: r.code, stamp: answer.stamp }) : data<NewsletterAnswer & { stamp: number }>({ intent, code: r.code, seconds: r.seconds, stamp: answer.stamp }, { status: r.status });
  switch (intent) {
    case 'newsletter_subscribe':
    case 'newsletter_resend':
      return newsletterAnswer(
        await context.services.newsletter.subscribe({
          email: session.user.email,
          userId: session.user.id,
          source: 'form',
          ip: context.ip,
          origin: context.config.publicOrigin ?? new URL(request.url).origin,
          locale: lang,
        }),
      );
    case 'newsletter_unsubscribe':
      return newsletterAnswer(await context.services.newsletter.unsubscribe({ userId: session.user.id }, { source: 'form', ip: context.ip }));
    case 'preferences': {
      const submission = parseForm(form, preferencesSchema);
      if (submission.status !== 'success') return answer.reply(submission, { code: ErrorCode.VALIDATION_ERROR, status: 400 });
      const r = await context.services.account.updatePreferences(session.user.id, {
        locale: submission.value.locale === 'en' ? 'en' : 'el',
        communication: submission.value.gdpr_communication === true,
        renewDaysBefore: submission.value.renew_days_before,
        ip: context.ip,
      });
      return r.ok ? answer.done(ErrorCode.PROFILE_UPDATED_SUCCESSFULLY) : answer.done(r.code, r.status);
    }
    default:
      return unknownIntent();
  }
}

export default function AccountPreferences() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as (AccountActionData & NewsletterAnswer) | undefined;
  const { t } = useTranslation('auth');
  const { preferences, newsletter, asked } = loaderData;
  const { fields, formProps, formRef, errorSummary } = useAppForm({
    id: 'preferences',
    schema: preferencesSchema,
    lastResult: actionData?.intent === 'preferences' ? actionData.result : undefined,
    defaultValue: { locale: preferences.locale, gdpr_communication: preferences.communication ? 'on' : undefined, renew_days_before: String(preferences.renewDaysBefore) },
  });
  const noChanges = useNoChangesGuard(formRef, loaderData);
  return (
    <div className="space-y-6" data-testid="panel-preferences">
      <AreaTitle>{t('portal:preferences.title')}</AreaTitle>
      <Card id="preferences" title={t('account.preferences_title')}>
        <NoChangesAlert unchanged={noChanges.unchanged} />
        <Outcome actionData={actionData} intents={['preferences']} />
        <Form method="post" className="space-y-4" {...formProps} onSubmit={noChanges.wrap(formProps.onSubmit)}>
          {errorSummary}
          <CsrfInput />
          <input type="hidden" name="intent" value="preferences" />
          <div>
            <label htmlFor={fields.locale.id} className="block text-sm font-medium">
              {t('account.locale')}
            </label>
            <select {...choiceSelectProps(fields.locale)} key={fields.locale.key} className="mt-1 rounded border border-slate-300 px-3 py-2">
              <option value="el">Ελληνικά</option>
              <option value="en">English</option>
            </select>
          </div>
          <CheckboxField meta={fields.gdpr_communication} label={t('gdpr_communication')} />
          <InputField
            meta={fields.renew_days_before as FieldMetadata<string | undefined>}
            label={t('mydomains:autorenew_plan.days_field')}
            type="number"
            inputMode="numeric"
            hint={t('mydomains:autorenew_plan.days_hint', { min: RENEW_DAYS_MIN, max: RENEW_DAYS_MAX })}
            className="max-w-xs"
          />
          <SubmitButton intent="preferences" testId="preferences-save">
            {t('account.save')}
          </SubmitButton>
        </Form>
      </Card>
      <Card id="newsletter" title={t('newsletter:title')}>
        <AccountNewsletter view={newsletter} asked={asked} answer={actionData} />
      </Card>
    </div>
  );
}
