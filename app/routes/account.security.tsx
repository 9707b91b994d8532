// The account's security (issue #3 §5, issue #12 §1): password change, two-factor login by an
// authenticator app or by e-mail codes, and the security question. Every change asks for the current
// password (checked on the server, never echoed back).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { renderSVG } from 'uqr';
import { ErrorCode } from '../../core/errors';
import { emailTwoFactorSchema, passwordChangeSchema, securityQuestionSchema, totpConfirmSchema, totpDisableSchema } from '../../core/validation/account-forms';
import { AreaTitle, type AccountActionData } from '../components/account/outcome';
import { PasswordCard, SecurityQuestionCard, TwoFactorCard } from '../components/account/security-cards';
import { readAccountAction, unknownIntent } from '../lib/account-action.server';
import { requireUser } from '../lib/auth.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { parseForm, SECRET_FIELDS } from '../lib/submission.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const { t } = await pageT(request);
  const profile = await context.services.account.profile(session.user.id);
  // The enrolment QR code, drawn on the server as SVG: no QR code library reaches the browser.
  const totpQr = profile.twoFactor.pendingUri ? renderSVG(profile.twoFactor.pendingUri, { border: 2 }) : null;
  return data({
    meta: { title: t('portal:security.meta_title') },
    email: profile.email,
    twoFactor: profile.twoFactor,
    securityQuestion: profile.securityQuestion,
    totpQr,
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, context }: ActionFunctionArgs) {
  const { session, userId, form, intent, answer } = await readAccountAction(request, context);
  const { lang } = await pageT(request);
  const account = context.services.account;
  const invalid = (submission: Parameters<typeof answer.failed>[1], code?: number, hideFields = SECRET_FIELDS) =>
    data<AccountActionData>({ intent, code, result: submission.reply({ hideFields }), stamp: answer.stamp }, { status: 400 });

  switch (intent) {
    case 'change_password': {
      const submission = parseForm(form, passwordChangeSchema);
      if (submission.status !== 'success') return invalid(submission, ErrorCode.VALIDATION_ERROR);
      const r = await account.changePassword(session, { current: submission.value.current_password, password: submission.value.password, locale: lang });
      return r.ok ? answer.reply(submission, { code: ErrorCode.PROFILE_UPDATED_SUCCESSFULLY, reset: true }) : answer.failed(r, submission);
    }
    case 'security_question': {
      const submission = parseForm(form, securityQuestionSchema);
      if (submission.status !== 'success') return invalid(submission, ErrorCode.VALIDATION_ERROR);
      const r = await account.setSecurityQuestion(userId, {
        current: submission.value.current_password,
        question: submission.value.security_question,
        answer: submission.value.security_answer,
        birthDate: submission.value.birth_date,
      });
      return r.ok ? answer.reply(submission, { code: ErrorCode.PROFILE_UPDATED_SUCCESSFULLY, reset: true }) : answer.failed(r, submission);
    }
    case 'totp_start': {
      const r = await account.startTotp(userId);
      return r.ok ? answer.done() : answer.done(r.code, r.status);
    }
    case 'totp_confirm': {
      const submission = parseForm(form, totpConfirmSchema);
      if (submission.status !== 'success') return invalid(submission, undefined, ['code']);
      const r = await account.confirmTotp(userId, submission.value.code);
      return r.ok
        ? answer.done(ErrorCode.TWO_FACTOR_SUC)
        : data<AccountActionData>({ intent, code: r.code, result: submission.reply({ hideFields: ['code'] }), stamp: answer.stamp }, { status: r.status });
    }
    case 'totp_disable': {
      const submission = parseForm(form, totpDisableSchema);
      if (submission.status !== 'success') return invalid(submission);
      const r = await account.disableTotp(userId, { current: submission.value.current_password, code: submission.value.code });
      return r.ok ? answer.done(ErrorCode.PROFILE_UPDATED_SUCCESSFULLY) : answer.failed(r, submission);
    }
    case 'email_2fa': {
      const submission = parseForm(form, emailTwoFactorSchema);
      if (submission.status !== 'success') return invalid(submission);
      const r = await account.setEmailTwoFactor(userId, { enabled: submission.value.enabled === true, current: submission.value.current_password });
      return r.ok ? answer.done(ErrorCode.PROFILE_UPDATED_SUCCESSFULLY) : answer.failed(r, submission);
    }
    default:
      return unknownIntent();
  }
}

export default function AccountSecurity() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as AccountActionData | undefined;
  const { t } = useTranslation('portal');
  return (
    <div className="space-y-6" data-testid="panel-security">
      <AreaTitle>{t('security.title')}</AreaTitle>
      <PasswordCard email={loaderData.email} actionData={actionData} />
      <TwoFactorCard data={loaderData} actionData={actionData} />
      <SecurityQuestionCard securityQuestion={loaderData.securityQuestion} actionData={actionData} />
    </div>
  );
}
