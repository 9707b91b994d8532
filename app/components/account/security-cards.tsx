// The security area's three cards (issue #3 §5): password change, two-factor login (an authenticator
// app enrolled by QR code or secret, or e-mail codes) and the security question.
import { Form } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { groupSecret } from '../../../core/totp';
import { emailTwoFactorSchema, passwordChangeSchema, securityQuestionSchema, totpConfirmSchema, totpDisableSchema } from '../../../core/validation/account-forms';
import { InputField, SubmitButton, useAppForm } from '../../lib/forms';
import { SecurityQuestionFields } from '../address-fields';
import { CsrfInput } from '../csrf-input';
import { Card, Outcome, type AccountActionData } from './outcome';

type TwoFactorState = { totp: boolean; email: boolean; pendingSecret: string | null; pendingUri: string | null; mandatory: boolean };

const lastResultOf = (actionData: AccountActionData | undefined, intent: string) => (actionData?.intent === intent ? actionData.result : undefined);

export function PasswordCard({ email, actionData }: { email: string; actionData?: AccountActionData }) {
  const { t } = useTranslation('auth');
  const pw = useAppForm({ id: 'password', schema: passwordChangeSchema, lastResult: lastResultOf(actionData, 'change_password') });
  return (
    <Card id="password" title={t('account.password_title')}>
      <Outcome actionData={actionData} intents={['change_password']} />
      <Form method="post" className="space-y-4" {...pw.formProps}>
        {pw.errorSummary}
        <CsrfInput />
        <input type="text" name="username" value={email} autoComplete="username" readOnly hidden />
        <InputField meta={pw.fields.current_password} label={t('account.current_password')} type="password" autoComplete="current-password" />
        <InputField meta={pw.fields.password} label={t('new_password')} type="password" autoComplete="new-password" hint={t('password_hint')} />
        <InputField meta={pw.fields.password_confirmation} label={t('password_confirmation')} type="password" autoComplete="new-password" />
        <p className="text-xs text-slate-600">{t('account.password_sessions_note')}</p>
        <SubmitButton intent="change_password" testId="password-save">
          {t('account.change_password')}
        </SubmitButton>
      </Form>
    </Card>
  );
}

export function TwoFactorCard({ data, actionData }: { data: { twoFactor: TwoFactorState; totpQr: string | null }; actionData?: AccountActionData }) {
  const { t } = useTranslation('auth');
  const { twoFactor } = data;
  const totp = useAppForm({ id: 'totp', schema: totpConfirmSchema, lastResult: lastResultOf(actionData, 'totp_confirm') });
  const totpOff = useAppForm({ id: 'totp-off', schema: totpDisableSchema, lastResult: lastResultOf(actionData, 'totp_disable') });
  const mail2fa = useAppForm({ id: 'email-2fa', schema: emailTwoFactorSchema, lastResult: lastResultOf(actionData, 'email_2fa') });
  return (
    <Card id="two-factor" title={t('account.two_factor_title')}>
      <Outcome actionData={actionData} intents={['totp_start', 'totp_confirm', 'totp_disable', 'email_2fa']} />
      <h3 className="font-semibold">{t('account.totp_title')}</h3>
      {twoFactor.totp ? (
        <div className="mt-2 space-y-3" data-testid="totp-enabled">
          <p className="text-sm">
            <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs text-emerald-900">{t('account.enabled')}</span> {t('account.totp_enabled_text')}
          </p>
          {twoFactor.mandatory ? (
            <p className="text-sm text-slate-700" data-testid="totp-mandatory">
              {t('account.totp_mandatory_staff')}
            </p>
          ) : (
            <Form method="post" className="flex flex-wrap items-end gap-3" {...totpOff.formProps}>
              {totpOff.errorSummary}
              <CsrfInput />
              <p className="w-full text-sm text-slate-700">{t('account.totp_disable_text')}</p>
              <InputField meta={totpOff.fields.current_password} label={t('account.current_password')} type="password" autoComplete="current-password" />
              <InputField meta={totpOff.fields.code} label={t('two_factor_code')} inputMode="numeric" autoComplete="one-time-code" maxLength={7} />
              <SubmitButton intent="totp_disable" className="btn-secondary" testId="totp-disable">
                {t('account.totp_disable')}
              </SubmitButton>
            </Form>
          )}
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
              <code className="break-all rounded bg-slate-100 px-2 py-1 font-mono text-base tracking-wider" data-testid="totp-secret" data-secret={twoFactor.pendingSecret}>
                {groupSecret(twoFactor.pendingSecret)}
              </code>{' '}
              <a href={twoFactor.pendingUri ?? '#'} className="link-button">
                {t('account.totp_open_app')}
              </a>
            </li>
            <li>{t('account.totp_step3')}</li>
          </ol>
          <Form method="post" className="flex flex-wrap items-end gap-3" {...totp.formProps}>
            {totp.errorSummary}
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
        {mail2fa.errorSummary}
        <CsrfInput />
        {twoFactor.email ? null : <input type="hidden" name="enabled" value="on" />}
        <InputField meta={mail2fa.fields.current_password} label={t('account.current_password')} type="password" autoComplete="current-password" />
        <SubmitButton intent="email_2fa" className="btn-secondary" testId="email-2fa-toggle">
          {twoFactor.email ? t('account.email_2fa_off') : t('account.email_2fa_on')}
        </SubmitButton>
      </Form>
    </Card>
  );
}

export function SecurityQuestionCard({ securityQuestion, actionData }: { securityQuestion: string | null; actionData?: AccountActionData }) {
  const { t } = useTranslation('auth');
  const sq = useAppForm({ id: 'security-question', schema: securityQuestionSchema, lastResult: lastResultOf(actionData, 'security_question') });
  return (
    <Card id="security-question" title={t('security_question')}>
      <Outcome actionData={actionData} intents={['security_question']} />
      <p className="mb-3 text-sm text-slate-700">{securityQuestion ? t('account.question_set', { question: t(`questions.${securityQuestion}`) }) : t('account.question_unset')}</p>
      <Form method="post" className="grid gap-4 sm:grid-cols-2" {...sq.formProps}>
        {sq.errorSummary}
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
  );
}
