// The account's profile (issue #3 §5, issue #12 §1; spec §2 Account area): the e-mail with its
// 'verified' label, which turns to success in every open tab when the EmailVerified event arrives; the
// verification link; the personal details; (the welcome after registration is a flash on the page the customer lands on, issue #25 §6). It also answers the URLs of
// the old one-page account: `/account?tab=X` moves permanently to `/account/X` (decision 036), and the
// openPref cookie (spec §2) opens the preferences once.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { profileSchema } from '../../core/validation/account-forms';
import { deleteCookie, readCookie, wantsSecure } from '../../worker/http/cookies';
import { AreaTitle, Card, Outcome, type AccountActionData } from '../components/account/outcome';
import { EmailChangeLink, MobilePasswordField } from '../components/account/profile-extras';
import { AddressFields } from '../components/address-fields';
import { CsrfInput } from '../components/csrf-input';
import { readAccountAction, unknownIntent } from '../lib/account-action.server';
import { requireUser } from '../lib/auth.server';
import { FormAlert, InputField, NoChangesAlert, SubmitButton, useAppForm, useNoChangesGuard } from '../lib/forms';
import { pageT } from '../lib/i18n.server';
import { useLiveChannel } from '../lib/live';
import { pageMeta } from '../lib/meta';
import { parseForm } from '../lib/submission.server';

/** The old tabs and where each lives now (`profile` is this page). */
const LEGACY_TABS: Record<string, string> = {
  profile: '/account',
  domains: '/account/domains',
  orders: '/account/orders',
  billing: '/account/billing',
  security: '/account/security',
  preferences: '/account/preferences',
  sessions: '/account/sessions',
};

/** `/account?tab=X&…` → the area's own URL with the other parameters kept; null when there is no tab. */
function legacyTabTarget(url: URL): string | null {
  const tab = url.searchParams.get('tab');
  if (tab === null) return null;
  const rest = new URLSearchParams(url.searchParams);
  rest.delete('tab');
  const query = rest.size ? `?${rest}` : '';
  return `${LEGACY_TABS[tab] ?? '/account'}${query}`;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // Before the session check: a bookmarked old URL lands on its new page, through the login if need be.
  const moved = legacyTabTarget(url);
  if (moved) throw redirect(moved, 301);
  const session = await requireUser(request, context);
  // The openPref cookie opens the preferences once, then goes.
  if (readCookie(request, 'openPref') !== null) {
    throw redirect('/account/preferences', { status: 303, headers: { 'Set-Cookie': deleteCookie('openPref', { secure: wantsSecure(request) }) } });
  }
  const { t } = await pageT(request);
  const profile = await context.services.account.profile(session.user.id);
  const regionName = profile.country === 'GR' && profile.state ? t(`countries:gr_regions.${profile.state}`) : null;
  return data({
    meta: { title: t('portal:profile.meta_title') },
    profile: {
      email: profile.email,
      emailVerified: profile.emailVerified,
      firstName: profile.firstName,
      lastName: profile.lastName,
      mobile: profile.mobile,
      mobileVerified: profile.mobileVerified,
      country: profile.country,
      state: profile.state,
      city: profile.city,
      address: profile.address,
      postcode: profile.postcode,
      regionName,
    },
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, context }: ActionFunctionArgs) {
  const { userId, form, intent, answer } = await readAccountAction(request, context);
  const { lang } = await pageT(request);
  const account = context.services.account;
  switch (intent) {
    case 'send_verification': {
      const r = await account.sendVerificationEmail(userId, { origin: new URL(request.url).origin, locale: lang });
      return r.ok ? answer.done(r.resent ? ErrorCode.VERIFY_CODE_RESEND : ErrorCode.EMAIL_SENT) : answer.done(r.code, r.status);
    }
    case 'update_profile': {
      const submission = parseForm(form, profileSchema);
      if (submission.status !== 'success') return answer.reply(submission, { code: ErrorCode.VALIDATION_ERROR, status: 400 });
      const r = await account.updateProfile(userId, submission.value, { locale: lang });
      if (!r.ok) return r.code === ErrorCode.NO_CHANGE ? answer.done(r.code) : answer.failed(r, submission);
      return answer.done(ErrorCode.PROFILE_UPDATED_SUCCESSFULLY);
    }
    default:
      return unknownIntent();
  }
}

export default function AccountProfile() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as AccountActionData | undefined;
  const { t } = useTranslation('auth');
  const { profile } = loaderData;
  const [verified, setVerified] = useState(profile.emailVerified);
  useEffect(() => setVerified(profile.emailVerified), [profile.emailVerified]);
  // Spec §4 E-mail verification: the label turns from warning to success in every open tab.
  useLiveChannel('account', (m) => {
    if (m.event === 'EmailVerified') setVerified(true);
  });
  const { fields, formProps, formRef, errorSummary } = useAppForm({
    id: 'profile',
    schema: profileSchema,
    lastResult: actionData?.intent === 'update_profile' ? actionData.result : undefined,
    defaultValue: {
      first_name: profile.firstName,
      last_name: profile.lastName,
      mobile: profile.mobile ?? '',
      country: profile.country,
      state_id: profile.regionName ?? '',
      state: profile.country === 'GR' ? '' : (profile.state ?? ''),
      city: profile.city ?? '',
      address: profile.address ?? '',
      postcode: profile.postcode ?? '',
    },
  });
  const noChanges = useNoChangesGuard(formRef, loaderData);
  return (
    <div className="space-y-6" data-testid="panel-profile">
      <AreaTitle>{t('portal:profile.title')}</AreaTitle>
      <Card id="email" title={t('account.email_title')}>
        <Outcome actionData={actionData} intents={['send_verification']} />
        <p className="flex flex-wrap items-center gap-2 break-all font-medium" data-testid="account-email">
          {profile.email}
          <span
            className={verified ? 'rounded-full bg-emerald-100 px-2 py-0.5 text-xs text-emerald-900' : 'rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900'}
            data-testid="email-label"
            data-verified={verified}
          >
            {verified ? t('common:account_page.verified') : t('common:account_page.unverified')}
          </span>
        </p>
        {!verified ? (
          <Form method="post" className="mt-3">
            <CsrfInput />
            <SubmitButton intent="send_verification" className="btn-secondary" testId="send-verification">
              {t('account.send_verification')}
            </SubmitButton>
          </Form>
        ) : null}
        <EmailChangeLink />
      </Card>
      <Card id="details" title={t('account.details_title')}>
        <NoChangesAlert unchanged={noChanges.unchanged} />
        <Outcome actionData={actionData} intents={['update_profile']} />
        <Form method="post" className="grid gap-4 sm:grid-cols-2" {...formProps} onSubmit={noChanges.wrap(formProps.onSubmit)}>
          {errorSummary}
          <CsrfInput />
          <input type="hidden" name="intent" value="update_profile" />
          <InputField meta={fields.first_name} label={t('first_name')} autoComplete="given-name" />
          <InputField meta={fields.last_name} label={t('last_name')} autoComplete="family-name" />
          <AddressFields fields={fields} />
          <MobilePasswordField meta={fields.current_password} username={profile.email} mobileUnverified={Boolean(profile.mobile && !profile.mobileVerified)} />
          <div className="sm:col-span-2">
            <SubmitButton intent="update_profile" testId="profile-save">
              {t('account.save')}
            </SubmitButton>
          </div>
        </Form>
      </Card>
    </div>
  );
}
