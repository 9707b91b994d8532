// Account area basics (issue #3 §5; spec §2 Account area): tabs Profile (the e-mail with its
// 'verified' label, which turns to success in every open tab when the EmailVerified event arrives;
// the verification link; personal details), Security (password change, security question, two-factor
// login by authenticator app or e-mail code), Preferences (opened by itself when the openPref cookie
// is present) and Sessions ('log out everywhere'). One action switching on an intent.
import type { SubmissionResult } from '@conform-to/react';
import { getSelectProps } from '@conform-to/react';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { renderSVG } from 'uqr';
import { ErrorCode } from '../../core/errors';
import { describeUserAgent } from '../../core/sessions';
import { groupSecret } from '../../core/totp';
import {
  emailTwoFactorSchema, passwordChangeSchema, passwordOnlySchema, preferencesSchema, profileSchema, securityQuestionSchema, totpConfirmSchema,
} from '../../core/validation/account-forms';
import { billingProfileSchema } from '../../core/validation/checkout-forms';
import { deleteCookie, readCookie, wantsSecure } from '../../worker/http/cookies';
import { EmailChangeLink, MobilePasswordField } from '../components/account/profile-extras';
import { AddressFields, SecurityQuestionFields } from '../components/address-fields';
import { NewProfile } from '../components/billing-profile-form';
import { Price } from '../components/price';
import { CsrfInput } from '../components/csrf-input';
import { PageIdInput } from '../components/page-id-input';
import { requireUser } from '../lib/auth.server';
import { codeAlertType, codeMessage } from '../lib/codes';
import { CheckboxField, choiceSelectProps, FormAlert, InputField, NoChangesAlert, SubmitButton, useAppForm, useNoChangesGuard } from '../lib/forms';
import { readProtectedForm } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';
import { useLiveChannel } from '../lib/live';
import { pageMeta } from '../lib/meta';
import { fieldMessage, parseForm, SECRET_FIELDS } from '../lib/submission.server';
import { codeData } from '../lib/route-error.server';

const TABS = ['profile', 'domains', 'orders', 'billing', 'security', 'preferences', 'sessions'] as const;
type Tab = (typeof TABS)[number];

type ActionData = { intent: string; code?: number; result?: SubmissionResult<string[]>; stamp: number };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const { t, lang } = await pageT(request);
  const url = new URL(request.url);
  const asked = url.searchParams.get('tab');
  // The openPref cookie opens the preferences tab once, then goes.
  const openPref = readCookie(request, 'openPref') !== null;
  const tab: Tab = openPref ? 'preferences' : TABS.includes(asked as Tab) ? (asked as Tab) : 'profile';
  const [profile, preferences, sessions, orderRows, domainRows] = await Promise.all([
    context.services.account.profile(session.user.id),
    context.services.account.preferences(session.user.id),
    tab === 'sessions' ? context.services.auth.sessions(session) : Promise.resolve([]),
    tab === 'orders' ? context.services.orders.orders(session.user.id) : Promise.resolve([]),
    tab === 'domains' ? context.services.orders.customerDomains(session.user.id) : Promise.resolve([]),
  ]);
  const [billingRows, creditBalance, creditRows] =
    tab === 'billing'
      ? await Promise.all([context.services.orders.billingProfiles(session.user.id), context.services.orders.creditBalance(session.user.id), context.services.orders.creditMovements(session.user.id)])
      : [[], 0, []];
  // The enrolment QR code, drawn on the server as SVG: no QR code library reaches the browser.
  const totpQr = profile.twoFactor.pendingUri ? renderSVG(profile.twoFactor.pendingUri, { border: 2 }) : null;
  const regionName = profile.country === 'GR' && profile.state ? t(`countries:gr_regions.${profile.state}`) : null;
  const headers = openPref ? { 'Set-Cookie': deleteCookie('openPref', { secure: wantsSecure(request) }) } : undefined;
  return data(
    {
      meta: { title: t('account_page.meta_title') },
      tab,
      lang,
      welcome: url.searchParams.get('welcome') === '1',
      user: session.user,
      profile: { ...profile, regionName },
      totpQr,
      preferences,
      billing: billingRows.map((p) => ({ id: p.id, type: p.type, name: p.name, vatNumber: p.vatNumber, taxOffice: p.taxOffice, country: p.countryIso2, city: p.city, vatWaived: p.vatWaived, isDefault: p.isDefault })),
      credit: {
        balanceCents: creditBalance,
        movements: creditRows.map((m) => ({ id: m.id, amountCents: m.amountCents, reason: m.reason, orderId: m.orderId, note: m.note, at: m.createdAt.getTime(), document: m.series ? `${m.series}-${String(m.number).padStart(6, '0')}` : null })),
      },
      orders: orderRows.map((o) => ({ id: o.id, status: o.status, totalCents: o.grandTotalCents, createdAt: o.createdAt.getTime(), method: o.paymentMethod })),
      domains: domainRows.map((d) => ({ id: d.id, fqdn: d.fqdn, status: d.status, expiresAt: d.expiresAt.getTime(), autoRenew: d.autoRenew, idProtect: d.idProtect })),
      sessions: sessions.map((s) => ({ ...describeUserAgent(s.userAgent), id: s.id.slice(0, 16), ip: s.ip, lastSeenAt: s.lastSeenAt, current: s.id === session.sessionId })),
    },
    { headers },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireUser(request, context);
  const form = await readProtectedForm(request, context);
  const { lang } = await pageT(request);
  const account = context.services.account;
  const userId = session.user.id;
  const intent = String(form.get('intent') ?? '');
  const stamp = Date.now();
  const done = (code?: number, status = 200) => data<ActionData>({ intent, code, stamp }, { status });
  /** A service failure: under the named field when it has one, otherwise as the form's alert. */
  const failed = (r: { code: number; status: number; field?: string }, result: { reply: (o?: object) => SubmissionResult<string[]> }) => {
    const fieldErrors =
      r.field === 'current_password' ? { current_password: fieldMessage(r.code === ErrorCode.VALIDATION_ERROR ? 'REQUIRED' : 'INVALID') } : r.field === 'password' ? { password: fieldMessage('PASSWORD_COMMON') } : r.field ? { [r.field]: fieldMessage('INVALID') } : undefined;
    return data<ActionData>({ intent, code: r.code, result: result.reply({ fieldErrors, hideFields: SECRET_FIELDS }), stamp }, { status: r.status });
  };

  switch (intent) {
    case 'send_verification': {
      const r = await account.sendVerificationEmail(userId, { origin: new URL(request.url).origin, locale: lang });
      return r.ok ? done(ErrorCode.EMAIL_SENT) : done(r.code, r.status);
    }
    case 'update_profile': {
      const submission = parseForm(form, profileSchema);
      if (submission.status !== 'success') return data<ActionData>({ intent, code: ErrorCode.VALIDATION_ERROR, result: submission.reply(), stamp }, 400);
      const r = await account.updateProfile(userId, submission.value, { locale: lang });
      if (!r.ok) return r.code === ErrorCode.NO_CHANGE ? done(r.code) : failed(r, submission);
      return done(ErrorCode.PROFILE_UPDATED_SUCCESSFULLY);
    }
    case 'change_password': {
      const submission = parseForm(form, passwordChangeSchema);
      if (submission.status !== 'success') return data<ActionData>({ intent, code: ErrorCode.VALIDATION_ERROR, result: submission.reply({ hideFields: SECRET_FIELDS }), stamp }, 400);
      const r = await account.changePassword(session, { current: submission.value.current_password, password: submission.value.password, locale: lang });
      return r.ok ? data<ActionData>({ intent, code: ErrorCode.PROFILE_UPDATED_SUCCESSFULLY, result: submission.reply({ resetForm: true }), stamp }) : failed(r, submission);
    }
    case 'security_question': {
      const submission = parseForm(form, securityQuestionSchema);
      if (submission.status !== 'success') return data<ActionData>({ intent, code: ErrorCode.VALIDATION_ERROR, result: submission.reply({ hideFields: SECRET_FIELDS }), stamp }, 400);
      const r = await account.setSecurityQuestion(userId, {
        current: submission.value.current_password,
        question: submission.value.security_question,
        answer: submission.value.security_answer,
        birthDate: submission.value.birth_date,
      });
      return r.ok ? data<ActionData>({ intent, code: ErrorCode.PROFILE_UPDATED_SUCCESSFULLY, result: submission.reply({ resetForm: true }), stamp }) : failed(r, submission);
    }
    case 'totp_start': {
      const r = await account.startTotp(userId);
      return r.ok ? done() : done(r.code, r.status);
    }
    case 'totp_confirm': {
      const submission = parseForm(form, totpConfirmSchema);
      if (submission.status !== 'success') return data<ActionData>({ intent, result: submission.reply({ hideFields: ['code'] }), stamp }, 400);
      const r = await account.confirmTotp(userId, submission.value.code);
      return r.ok ? done(ErrorCode.TWO_FACTOR_SUC) : data<ActionData>({ intent, code: r.code, result: submission.reply({ hideFields: ['code'] }), stamp }, r.status);
    }
    case 'totp_disable': {
      const submission = parseForm(form, passwordOnlySchema);
      if (submission.status !== 'success') return data<ActionData>({ intent, result: submission.reply({ hideFields: SECRET_FIELDS }), stamp }, 400);
      const r = await account.disableTotp(userId, submission.value.current_password);
      return r.ok ? done(ErrorCode.PROFILE_UPDATED_SUCCESSFULLY) : failed(r, submission);
    }
    case 'email_2fa': {
      const submission = parseForm(form, emailTwoFactorSchema);
      if (submission.status !== 'success') return data<ActionData>({ intent, result: submission.reply({ hideFields: SECRET_FIELDS }), stamp }, 400);
      const r = await account.setEmailTwoFactor(userId, { enabled: submission.value.enabled === true, current: submission.value.current_password });
      return r.ok ? done(ErrorCode.PROFILE_UPDATED_SUCCESSFULLY) : failed(r, submission);
    }
    case 'preferences': {
      const submission = parseForm(form, preferencesSchema);
      if (submission.status !== 'success') return data<ActionData>({ intent, code: ErrorCode.VALIDATION_ERROR, result: submission.reply(), stamp }, 400);
      const r = await account.updatePreferences(userId, {
        locale: submission.value.locale === 'en' ? 'en' : 'el',
        newsletter: submission.value.newsletter === true,
        communication: submission.value.gdpr_communication === true,
      });
      return r.ok ? done(ErrorCode.PROFILE_UPDATED_SUCCESSFULLY) : done(r.code, r.status);
    }
    case 'create_profile': {
      const submission = parseForm(form, billingProfileSchema);
      if (submission.status !== 'success') return data<ActionData>({ intent, code: ErrorCode.VALIDATION_ERROR, result: submission.reply(), stamp }, 400);
      const v = submission.value;
      const r = await context.services.orders.createBillingProfile(
        userId,
        { type: v.type as 'REC' | 'INV', name: v.name, vatNumber: v.vat_number, taxOffice: v.tax_office, profession: v.profession, address: v.address, city: v.city, postcode: v.postcode, countryIso2: v.country },
        { uniqueId: typeof form.get('unique_id') === 'string' ? String(form.get('unique_id')) : null },
      );
      if (!r.ok) return data<ActionData>({ intent, code: r.code, result: submission.reply({ fieldErrors: r.field ? { [r.field]: fieldMessage(r.field === 'vat_number' ? (r.detail?.vies === 'unavailable' ? 'VAT_UNAVAILABLE' : 'VAT_INVALID') : 'REQUIRED') } : {} }), stamp }, 400);
      return redirect('/account?tab=billing', 303);
    }
    case 'default_profile':
    case 'delete_profile': {
      const id = Number(form.get('id'));
      const uniqueId = typeof form.get('unique_id') === 'string' ? String(form.get('unique_id')) : null;
      const ok = intent === 'default_profile' ? await context.services.orders.setDefaultProfile(userId, id, uniqueId) : await context.services.orders.deleteBillingProfile(userId, id, uniqueId);
      return ok ? redirect('/account?tab=billing', 303) : done(ErrorCode.ACTION_NOT_ALLOWED, 404);
    }
    case 'logout_others':
      await context.services.auth.logoutEverywhere(session, { keepThis: true });
      return redirect('/account?tab=sessions', 303);
    case 'logout_everywhere': {
      await context.services.auth.logoutEverywhere(session, { keepThis: false });
      return redirect('/', { status: 303, headers: { 'Set-Cookie': await context.services.auth.logout(request, session, null) } });
    }
    default:
      throw data(codeData({ code: ErrorCode.UNRECOGNIZED_ACTION }), { status: 400 });
  }
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function Account() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const { t } = useTranslation();
  const { tab } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t('account_page.title')}</h1>
      {loaderData.welcome ? (
        <div className="mt-4">
          <FormAlert type="success" testId="welcome">
            {t('auth:account.welcome', { name: loaderData.user.firstName })}
          </FormAlert>
        </div>
      ) : null}
      <nav aria-label={t('auth:account.tabs')} className="mt-6 flex flex-wrap gap-2 border-b border-slate-200" data-testid="account-tabs">
        {TABS.map((name) => (
          <Link
            key={name}
            to={`/account?tab=${name}`}
            aria-current={tab === name ? 'page' : undefined}
            className={`-mb-px border-b-2 px-4 py-2 ${tab === name ? 'border-blue-800 font-semibold text-blue-900' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
            data-testid={`tab-${name}`}
          >
            {t(`auth:account.tab_${name}`)}
          </Link>
        ))}
      </nav>
      <div className="mt-6 space-y-6" data-testid={`panel-${tab}`}>
        {tab === 'profile' ? <ProfileTab data={loaderData} actionData={actionData} /> : null}
        {tab === 'security' ? <SecurityTab data={loaderData} actionData={actionData} /> : null}
        {tab === 'preferences' ? <PreferencesTab data={loaderData} actionData={actionData} /> : null}
        {tab === 'sessions' ? <SessionsTab data={loaderData} /> : null}
        {tab === 'orders' ? <OrdersTab data={loaderData} /> : null}
        {tab === 'billing' ? <BillingTab data={loaderData} actionData={actionData} /> : null}
        {tab === 'domains' ? <DomainsTab data={loaderData} /> : null}
      </div>
    </div>
  );
}

/** The outcome of one form's last submission, shown above that form. */
function Outcome({ actionData, intents, children }: { actionData?: ActionData; intents: string[]; children?: ReactNode }) {
  const { t } = useTranslation('auth');
  if (!actionData || !intents.includes(actionData.intent) || actionData.code === undefined) return <>{children}</>;
  const code = actionData.code;
  const text =
    code === ErrorCode.VALIDATION_ERROR
      ? t('fix_errors')
      : code === ErrorCode.EMAIL_SENT
        ? t('account.verification_sent')
        : code === ErrorCode.NO_CHANGE
          ? t('validation:nochanges')
          : code === ErrorCode.PASSWORD_MISMATCH
            ? t('account.wrong_password')
            : codeAlertType(code) === 'success'
              ? t('account.saved')
              : codeMessage(t, code);
  return (
    <>
      <FormAlert type={code === ErrorCode.NO_CHANGE ? 'warning' : codeAlertType(code)} testId={`outcome-${actionData.intent}`} code={code}>
        {text}
      </FormAlert>
      {children}
    </>
  );
}

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    // `-card`: the forms inside take the bare name as their id (conform's form id).
    <section id={`${id}-card`} aria-labelledby={`${id}-title`} className="card">
      <h2 id={`${id}-title`} className="mb-4 text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function ProfileTab({ data, actionData }: { data: LoaderData; actionData?: ActionData }) {
  const { t } = useTranslation('auth');
  const { profile } = data;
  const [verified, setVerified] = useState(profile.emailVerified);
  useEffect(() => setVerified(profile.emailVerified), [profile.emailVerified]);
  // Spec §4 E-mail verification: the label turns from warning to success in every open tab.
  useLiveChannel('account', (m) => {
    if (m.event === 'EmailVerified') setVerified(true);
  });
  const result = actionData?.intent === 'update_profile' ? actionData.result : undefined;
  const { fields, formProps, formRef } = useAppForm({
    id: 'profile',
    schema: profileSchema,
    lastResult: result,
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
  const noChanges = useNoChangesGuard(formRef, data);
  return (
    <>
      <Card id="email" title={t('account.email_title')}>
        <Outcome actionData={actionData} intents={['send_verification']} />
        <p className="flex flex-wrap items-center gap-2 font-medium" data-testid="account-email">
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
        <Form
          method="post"
          className="grid gap-4 sm:grid-cols-2"
          {...formProps}
          onSubmit={noChanges.wrap(formProps.onSubmit)}
        >
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
    </>
  );
}

function SecurityTab({ data, actionData }: { data: LoaderData; actionData?: ActionData }) {
  const { t } = useTranslation('auth');
  const { twoFactor } = data.profile;
  const pw = useAppForm({ id: 'password', schema: passwordChangeSchema, lastResult: actionData?.intent === 'change_password' ? actionData.result : undefined });
  const sq = useAppForm({ id: 'security-question', schema: securityQuestionSchema, lastResult: actionData?.intent === 'security_question' ? actionData.result : undefined });
  const totp = useAppForm({ id: 'totp', schema: totpConfirmSchema, lastResult: actionData?.intent === 'totp_confirm' ? actionData.result : undefined });
  const totpOff = useAppForm({ id: 'totp-off', schema: passwordOnlySchema, lastResult: actionData?.intent === 'totp_disable' ? actionData.result : undefined });
  const mail2fa = useAppForm({ id: 'email-2fa', schema: emailTwoFactorSchema, lastResult: actionData?.intent === 'email_2fa' ? actionData.result : undefined });
  return (
    <>
      <Card id="password" title={t('account.password_title')}>
        <Outcome actionData={actionData} intents={['change_password']} />
        <Form method="post" className="space-y-4" {...pw.formProps}>
          <CsrfInput />
          <input type="text" name="username" value={data.profile.email} autoComplete="username" readOnly hidden />
          <InputField meta={pw.fields.current_password} label={t('account.current_password')} type="password" autoComplete="current-password" />
          <InputField meta={pw.fields.password} label={t('new_password')} type="password" autoComplete="new-password" hint={t('password_hint')} />
          <InputField meta={pw.fields.password_confirmation} label={t('password_confirmation')} type="password" autoComplete="new-password" />
          <p className="text-xs text-slate-600">{t('account.password_sessions_note')}</p>
          <SubmitButton intent="change_password" testId="password-save">
            {t('account.change_password')}
          </SubmitButton>
        </Form>
      </Card>

      <Card id="two-factor" title={t('account.two_factor_title')}>
        <Outcome actionData={actionData} intents={['totp_start', 'totp_confirm', 'totp_disable', 'email_2fa']} />
        <h3 className="font-semibold">{t('account.totp_title')}</h3>
        {twoFactor.totp ? (
          <div className="mt-2 space-y-3" data-testid="totp-enabled">
            <p className="text-sm">
              <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs text-emerald-900">{t('account.enabled')}</span> {t('account.totp_enabled_text')}
            </p>
            <Form method="post" className="flex flex-wrap items-end gap-3" {...totpOff.formProps}>
              <CsrfInput />
              <InputField meta={totpOff.fields.current_password} label={t('account.current_password')} type="password" autoComplete="current-password" />
              <SubmitButton intent="totp_disable" className="btn-secondary" testId="totp-disable">
                {t('account.totp_disable')}
              </SubmitButton>
            </Form>
          </div>
        ) : twoFactor.pendingSecret ? (
          <div className="mt-2 space-y-3" data-testid="totp-enrol">
            {data.totpQr ? (
              <div
                className="h-44 w-44 rounded border border-slate-200 bg-white p-1"
                role="img"
                aria-label={t('account.totp_qr')}
                data-testid="totp-qr"
                // Our own SVG, drawn by the loader from the otpauth URI (no user input in it).
                dangerouslySetInnerHTML={{ __html: data.totpQr }}
              />
            ) : null}
            <ol className="list-decimal space-y-1 pl-5 text-sm">
              <li>{t('account.totp_step1')}</li>
              <li>
                {t('account.totp_step2')}{' '}
                <code className="rounded bg-slate-100 px-2 py-1 font-mono text-base tracking-wider" data-testid="totp-secret" data-secret={twoFactor.pendingSecret}>
                  {groupSecret(twoFactor.pendingSecret)}
                </code>{' '}
                <a href={twoFactor.pendingUri ?? '#'} className="link-button">
                  {t('account.totp_open_app')}
                </a>
              </li>
              <li>{t('account.totp_step3')}</li>
            </ol>
            <Form method="post" className="flex flex-wrap items-end gap-3" {...totp.formProps}>
              <CsrfInput />
              <InputField meta={totp.fields.code} label={t('two_factor_code')} inputMode="numeric" autoComplete="one-time-code" maxLength={7} />
              <SubmitButton intent="totp_confirm" testId="totp-confirm">
                {t('account.totp_confirm')}
              </SubmitButton>
            </Form>
          </div>
        ) : (
          <Form method="post" className="mt-2">
            <CsrfInput />
            <p className="mb-3 text-sm text-slate-700">{t('account.totp_text')}</p>
            <SubmitButton intent="totp_start" className="btn-secondary" testId="totp-start">
              {t('account.totp_start')}
            </SubmitButton>
          </Form>
        )}
        <h3 className="mt-6 font-semibold">{t('account.email_2fa_title')}</h3>
        <p className="mt-1 text-sm text-slate-700">{t('account.email_2fa_text')}</p>
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-3" {...mail2fa.formProps}>
          <CsrfInput />
          {twoFactor.email ? null : <input type="hidden" name="enabled" value="on" />}
          <InputField meta={mail2fa.fields.current_password} label={t('account.current_password')} type="password" autoComplete="current-password" />
          <SubmitButton intent="email_2fa" className="btn-secondary" testId="email-2fa-toggle">
            {twoFactor.email ? t('account.email_2fa_off') : t('account.email_2fa_on')}
          </SubmitButton>
        </Form>
      </Card>

      <Card id="security-question" title={t('security_question')}>
        <Outcome actionData={actionData} intents={['security_question']} />
        <p className="mb-3 text-sm text-slate-700">
          {data.profile.securityQuestion ? t('account.question_set', { question: t(`questions.${data.profile.securityQuestion}`) }) : t('account.question_unset')}
        </p>
        <Form method="post" className="grid gap-4 sm:grid-cols-2" {...sq.formProps}>
          <CsrfInput />
          <SecurityQuestionFields fields={sq.fields} />
          <InputField meta={sq.fields.current_password} label={t('account.current_password')} type="password" autoComplete="current-password" />
          <div className="sm:col-span-2">
            <SubmitButton intent="security_question" testId="question-save">
              {t('account.save')}
            </SubmitButton>
          </div>
        </Form>
      </Card>
    </>
  );
}

function PreferencesTab({ data, actionData }: { data: LoaderData; actionData?: ActionData }) {
  const { t } = useTranslation('auth');
  const { preferences } = data;
  const { fields, formProps, formRef } = useAppForm({
    id: 'preferences',
    schema: preferencesSchema,
    lastResult: actionData?.intent === 'preferences' ? actionData.result : undefined,
    defaultValue: { locale: preferences.locale, newsletter: preferences.newsletter ? 'on' : undefined, gdpr_communication: preferences.communication ? 'on' : undefined },
  });
  const noChanges = useNoChangesGuard(formRef, data);
  return (
    <Card id="preferences" title={t('account.preferences_title')}>
      <NoChangesAlert unchanged={noChanges.unchanged} />
      <Outcome actionData={actionData} intents={['preferences']} />
      <Form
        method="post"
        className="space-y-4"
        {...formProps}
        onSubmit={noChanges.wrap(formProps.onSubmit)}
      >
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
        <CheckboxField meta={fields.newsletter} label={t('newsletter')} />
        <CheckboxField meta={fields.gdpr_communication} label={t('gdpr_communication')} />
        <SubmitButton intent="preferences" testId="preferences-save">
          {t('account.save')}
        </SubmitButton>
      </Form>
    </Card>
  );
}

function SessionsTab({ data }: { data: LoaderData }) {
  const { t, i18n } = useTranslation();
  const { sessions } = data;
  const when = (ms: number) => new Date(ms).toLocaleString(i18n.language === 'en' ? 'en-GB' : 'el-GR', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Athens' });
  return (
    <section id="sessions" aria-labelledby="sessions-title" className="card">
      <h2 id="sessions-title" className="text-xl font-semibold">
        {t('account_page.sessions')}
      </h2>
      <ul className="mt-4 divide-y divide-slate-100" data-testid="session-list">
        {sessions.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
            <span>
              <span className="font-medium">{t('account_page.session_device', { browser: s.browser === 'other' ? t('account_page.other') : s.browser, os: s.os === 'other' ? t('account_page.other') : s.os })}</span>
              {s.current ? <span className="ml-2 rounded-full bg-blue-100 px-2 py-0.5 text-xs text-blue-900">{t('account_page.this_device')}</span> : null}
              <span className="block text-sm text-slate-600">{t('account_page.last_seen', { when: when(s.lastSeenAt), ip: s.ip })}</span>
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-3">
        <Form method="post">
          <CsrfInput />
          <PageIdInput />
          <input type="hidden" name="intent" value="logout_others" />
          <button type="submit" className="btn-secondary" disabled={sessions.length < 2}>
            {t('account_page.logout_others')}
          </button>
        </Form>
        <Form method="post">
          <CsrfInput />
          <input type="hidden" name="intent" value="logout_everywhere" />
          <button type="submit" className="btn-secondary" data-testid="logout-everywhere">
            {t('account_page.logout_everywhere')}
          </button>
        </Form>
      </div>
    </section>
  );
}

function OrdersTab({ data }: { data: LoaderData }) {
  const { t, i18n } = useTranslation('checkout');
  const when = (ms: number) => new Date(ms).toLocaleDateString(i18n.language === 'en' ? 'en-GB' : 'el-GR', { dateStyle: 'medium', timeZone: 'Europe/Athens' });
  return (
    <section className="card" aria-labelledby="orders-title">
      <h2 id="orders-title" className="mb-3 text-xl font-semibold">
        {t('all_orders')}
      </h2>
      {data.orders.length === 0 ? <p className="text-slate-700">—</p> : null}
      <ul className="divide-y divide-slate-100" data-testid="order-list">
        {data.orders.map((o) => (
          <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <Link to={`/orders/${o.id}`} className="link-button">
              {t('order_title', { id: o.id })}
            </Link>
            <span className="text-sm text-slate-600">{when(o.createdAt)}</span>
            <span className="text-sm">{t(`order_status.${o.status}`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function DomainsTab({ data }: { data: LoaderData }) {
  const { t, i18n } = useTranslation('auth');
  const when = (ms: number) => new Date(ms).toLocaleDateString(i18n.language === 'en' ? 'en-GB' : 'el-GR', { dateStyle: 'medium', timeZone: 'Europe/Athens' });
  return (
    <section className="card" aria-labelledby="domains-title">
      <h2 id="domains-title" className="mb-3 text-xl font-semibold">
        {t('account.tab_domains')}
      </h2>
      {data.domains.length === 0 ? <p className="text-slate-700">{t('account.no_domains')}</p> : null}
      <ul className="divide-y divide-slate-100" data-testid="domain-list">
        {data.domains.map((d) => (
          <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="my-domain" data-fqdn={d.fqdn} data-status={d.status}>
            <span className="break-all font-medium">{d.fqdn}</span>
            <span className="text-sm text-slate-600">{t('account.expires', { date: when(d.expiresAt) })}</span>
            <span className="text-sm">{t(`account.domain_status.${d.status}`)}</span>
            {d.status === 'active' || d.status === 'expired' || d.status === 'redemption' ? (
              // To the cart: a renewal, or out of redemption a restore with its fee (spec §3 RGP).
              <Form method="post" action="/cart">
                <CsrfInput />
                <PageIdInput />
                <input type="hidden" name="intent" value="add" />
                <input type="hidden" name="type" value={d.status === 'redemption' ? 'rgp_restore' : 'renew'} />
                <input type="hidden" name="fqdn" value={d.fqdn} />
                <input type="hidden" name="redirectTo" value="/cart" />
                <button type="submit" className="btn-secondary px-2 py-1 text-sm" data-testid="renew-domain">
                  {d.status === 'redemption' ? t('account.restore') : t('account.renew')}
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Spec §2 Account area: billing profiles listed, created, deleted and set as default. */
function BillingTab({ data, actionData }: { data: LoaderData; actionData?: ActionData }) {
  const { t } = useTranslation('checkout');
  return (
    <section className="card" aria-labelledby="billing-title">
      <h2 id="billing-title" className="mb-3 text-xl font-semibold">
        {t('billing')}
      </h2>
      <ul className="mb-4 divide-y divide-slate-100" data-testid="billing-list">
        {data.billing.map((p) => (
          <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="billing-profile" data-default={p.isDefault}>
            <span>
              <span className="font-medium">{p.type === 'INV' ? t('invoice') : t('receipt')}</span> · {p.name}
              {p.vatNumber ? ` · ${p.vatNumber}` : ''}
              {p.taxOffice ? ` · ${p.taxOffice}` : ''} · {p.city}, {p.country}
              {p.vatWaived ? <span className="ml-2 rounded bg-emerald-100 px-2 text-xs text-emerald-900">{t('reverse_charge')}</span> : null}
              {p.isDefault ? <span className="ml-2 rounded bg-blue-100 px-2 text-xs text-blue-900">{t('default')}</span> : null}
            </span>
            <div className="flex gap-2">
              {!p.isDefault ? (
                <Form method="post">
                  <CsrfInput />
                  <PageIdInput />
                  <input type="hidden" name="id" value={p.id} />
                  <SubmitButton intent="default_profile" className="btn-secondary px-2 py-1 text-sm" testId="make-default">
                    {t('make_default')}
                  </SubmitButton>
                </Form>
              ) : null}
              <Form method="post">
                <CsrfInput />
                <PageIdInput />
                <input type="hidden" name="id" value={p.id} />
                <SubmitButton intent="delete_profile" className="link-button text-sm text-red-800" testId="delete-profile">
                  {t('delete_profile')}
                </SubmitButton>
              </Form>
            </div>
          </li>
        ))}
      </ul>
      <NewProfile actionData={actionData as never} open={data.billing.length === 0} />
      <CreditBalance credit={data.credit} lang={data.lang} />
    </section>
  );
}

/** The credit balance and the movements behind it: credit notes, orders that used it, cancellations. */
function CreditBalance({ credit, lang }: { credit: LoaderData['credit']; lang: string }) {
  const { t } = useTranslation('checkout');
  return (
    <section className="mt-6 border-t border-slate-200 pt-4" aria-labelledby="credit-title" data-testid="credit-balance" data-cents={credit.balanceCents}>
      <h3 id="credit-title" className="text-lg font-semibold">
        {t('credit_title')}: <Price cents={credit.balanceCents} exact />
      </h3>
      {credit.movements.length ? (
        <table className="mt-2 w-full text-sm">
          <caption className="sr-only">{t('credit_movements')}</caption>
          <thead>
            <tr className="text-left text-slate-600">
              <th scope="col" className="py-1 font-medium">{t('credit_date')}</th>
              <th scope="col" className="py-1 font-medium">{t('credit_what')}</th>
              <th scope="col" className="py-1 text-right font-medium">{t('amount')}</th>
            </tr>
          </thead>
          <tbody>
            {credit.movements.map((m) => (
              <tr key={m.id} className="border-t border-slate-100" data-testid="credit-movement" data-reason={m.reason}>
                <td className="py-1">{new Date(m.at).toLocaleDateString(lang === 'en' ? 'en-GB' : 'el-GR', { timeZone: 'Europe/Athens' })}</td>
                <td className="py-1">
                  {t(`credit_reason.${m.reason}`)}
                  {m.document ? ` · ${m.document}` : ''}
                  {m.orderId ? (
                    <>
                      {' · '}
                      <Link to={`/orders/${m.orderId}`} className="link-button">
                        {t('order_title', { id: m.orderId })}
                      </Link>
                    </>
                  ) : null}
                  {m.note && m.reason !== 'order' ? <span className="block text-xs text-slate-600">{m.note}</span> : null}
                </td>
                <td className={`py-1 text-right ${m.amountCents < 0 ? '' : 'text-emerald-800'}`}>
                  {m.amountCents < 0 ? '−' : '+'}
                  <Price cents={Math.abs(m.amountCents)} exact />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="mt-1 text-sm text-slate-600">{t('credit_none')}</p>
      )}
    </section>
  );
}
