// Registration (spec §2 Login/register panel2, §4 Registration, §5 Registration, §7 Register; issue #3
// §2): two steps posting once each with the collected fields; the country GR shows the region select
// (sending the option's name in the page's language), other countries a free-text state; a captcha on
// the last step, reset after every validation error; then the OTP block (code by e-mail or SMS, with a
// resend countdown). The code creates the account and logs the visitor in, then data.url (redirectTo).
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { landingAfterRegistration } from '../../core/safe-redirect';
import { otpSchema, registerStep1Schema, registerStep2Schema, stepOfField } from '../../core/validation/account-forms';
import { AuthTabs } from '../components/auth-tabs';
import { OtpStep, RegisterForm, type RegisterActionData, type RegisterStep } from '../components/register-forms';
import { FormAlert } from '../lib/forms';
import { readProtectedForm, safeRedirectTo } from '../lib/forms.server';
import { retryAfterHeaders } from '../lib/headers';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { fieldMessage, parseForm } from '../lib/submission.server';
import { codeData } from '../lib/route-error.server';

type Step = RegisterStep;
type ActionData = RegisterActionData;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { t } = await pageT(request);
  const url = new URL(request.url);
  const redirectTo = safeRedirectTo(url.searchParams.get('redirectTo'));
  if (await context.session()) throw redirect(redirectTo, 303);
  const verify = url.searchParams.get('verify');
  const pending = verify ? await context.services.registration.pending(verify) : null;
  return {
    meta: { title: t('auth:register_meta_title') },
    redirectTo,
    pending,
    // Only a form shown needs a challenge; the OTP view does not.
    captcha: pending ? null : await context.services.registration.captcha(),
    expired: Boolean(verify && !pending),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export const headers = retryAfterHeaders({ noStore: true });

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readProtectedForm(request, context);
  const { lang } = await pageT(request);
  const redirectTo = safeRedirectTo(form.get('redirectTo'));
  const intent = String(form.get('intent') ?? 'continue');
  const dialog = form.get('dialog') === '1';
  const services = context.services;
  const newCaptcha = () => services.registration.captcha();

  switch (intent) {
    case 'previous': {
      // Back to step 1 with everything kept; nothing is checked.
      const submission = parseForm(form, registerStep1Schema);
      return data<ActionData>({ kind: 'form', step: 1, result: { ...submission.reply(), error: {} }, captcha: await newCaptcha() });
    }
    case 'continue': {
      const submission = parseForm(form, registerStep1Schema);
      if (submission.status !== 'success') return data<ActionData>({ kind: 'form', step: 1, result: submission.reply(), code: ErrorCode.VALIDATION_ERROR, captcha: await newCaptcha() }, 400);
      const checked = await services.registration.checkStep1(submission.value);
      if (!checked.ok) return data<ActionData>({ kind: 'form', step: 1, result: submission.reply({ fieldErrors: checked.fieldErrors }), code: checked.code, captcha: await newCaptcha() }, checked.status);
      return data<ActionData>({ kind: 'form', step: 2, result: submission.reply(), captcha: await newCaptcha() });
    }
    case 'register': {
      const submission = parseForm(form, registerStep2Schema);
      const stepFor = (errors: Record<string, unknown> | null | undefined): Step =>
        Object.entries(errors ?? {}).some(([name, e]) => Array.isArray(e) && e.length > 0 && stepOfField(name) === 1) ? 1 : 2;
      if (submission.status !== 'success') {
        // The captcha is reset on every validation error (spec §5), so it is checked again next time.
        return data<ActionData>({ kind: 'form', step: stepFor(submission.error), result: submission.reply(), code: ErrorCode.VALIDATION_ERROR, captcha: await newCaptcha() }, 400);
      }
      const result = await services.registration.register(submission.value, {
        captchaResponse: String(form.get('captcha_response') ?? form.get('cf-turnstile-response') ?? ''),
        captchaId: String(form.get('captcha_id') ?? '') || undefined,
        ip: context.ip,
        locale: lang,
      });
      if (!result.ok) {
        const headers = result.code === 429 && result.seconds ? { 'Retry-After': String(result.seconds) } : undefined;
        return data<ActionData>(
          {
            kind: 'form',
            step: stepFor(result.fieldErrors),
            result: submission.reply({ fieldErrors: result.fieldErrors ?? {} }),
            code: result.code,
            params: result.seconds ? { seconds: result.seconds } : undefined,
            captcha: await newCaptcha(),
          },
          { status: result.status, headers },
        );
      }
      // The dialog stays on its page: the OTP block comes as data.
      if (dialog) return data<ActionData>({ kind: 'otp', pending: (await services.registration.pending(result.pending.token)) ?? undefined });
      // Post/redirect/get: a reload shows the OTP block again instead of re-posting the form.
      const next = new URLSearchParams({ verify: result.pending.token });
      if (redirectTo !== '/') next.set('redirectTo', redirectTo);
      return redirect(`/auth/register?${next.toString()}`, 303);
    }
    case 'verify_otp': {
      const token = String(form.get('registration') ?? '');
      const submission = parseForm(form, otpSchema);
      if (submission.status !== 'success') return data<ActionData>({ kind: 'otp', result: submission.reply({ hideFields: ['code'] }) }, 400);
      const verified = await services.registration.verify(token, submission.value.code, { ip: context.ip });
      if (!verified.ok) {
        const params = { ...(verified.attemptsLeft !== undefined ? { attemptsLeft: verified.attemptsLeft } : {}), ...(verified.seconds ? { seconds: verified.seconds } : {}) };
        return data<ActionData>({ kind: 'otp', code: verified.code, params, result: submission.reply({ hideFields: ['code'] }) }, verified.status);
      }
      // The registration's newsletter box starts the same double opt-in as the preferences (issue #24 §2):
      // a confirmation mail; the subscription is complete only when its link is confirmed.
      if (verified.newsletter) {
        await services.newsletter.subscribe({ email: verified.email, userId: verified.userId, source: 'registration', ip: context.ip, origin: context.config.publicOrigin ?? new URL(request.url).origin, locale: lang });
      }
      const uniqueId = form.get('unique_id');
      const cookies = await services.auth.loginVerified(request, verified.userId, {
        ip: context.ip,
        userAgent: request.headers.get('User-Agent') ?? '',
        visitorId: context.visitorId,
        uniqueId: typeof uniqueId === 'string' && uniqueId ? uniqueId : null,
      });
      const headers = new Headers();
      for (const c of cookies) headers.append('Set-Cookie', c);
      // Issue #25 §6: back where the customer was (the cart, the page that asked), greeted there once.
      headers.append('Set-Cookie', services.preferences.welcomeCookie(request));
      const landing = landingAfterRegistration(redirectTo);
      // The dialog loads its page afresh itself (a fetcher redirect would race the cart-merge revalidation).
      if (dialog) return data<ActionData>({ kind: 'done', redirectTo: landing }, { headers });
      return redirect(landing, { status: 303, headers });
    }
    case 'resend_otp': {
      const token = String(form.get('registration') ?? '');
      const sent = await services.registration.resend(token, { ip: context.ip, locale: lang });
      if (!sent.ok) return data<ActionData>({ kind: 'otp', code: sent.code, params: sent.seconds ? { seconds: sent.seconds } : undefined }, sent.status);
      return data<ActionData>({ kind: 'otp', code: ErrorCode.EMAIL_SENT, resendStamp: Date.now() });
    }
    default:
      throw data(codeData({ code: ErrorCode.UNRECOGNIZED_ACTION, fieldErrors: fieldMessage('INVALID') }), { status: 400 });
  }
}

export default function Register() {
  const { t } = useTranslation('auth');
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const pending = loaderData.pending;

  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <AuthTabs active="panel2" redirectTo={loaderData.redirectTo} />
      <section id="panel2" aria-labelledby="register-title" className="card">
        <h1 id="register-title" className="mb-4 text-2xl font-bold">
          {pending ? t('otp.title') : t('register_title')}
        </h1>
        {loaderData.expired ? <FormAlert type="warning">{t('otp.registration_expired')}</FormAlert> : null}
        {pending ? (
          <OtpStep pending={pending} actionData={actionData?.kind === 'otp' ? actionData : undefined} redirectTo={loaderData.redirectTo} />
        ) : (
          <RegisterForm
            key={actionData?.kind === 'form' ? `${actionData.step}` : 'start'}
            actionData={actionData?.kind === 'form' ? actionData : undefined}
            captcha={(actionData?.kind === 'form' ? actionData.captcha : loaderData.captcha)!}
            redirectTo={loaderData.redirectTo}
          />
        )}
      </section>
    </div>
  );
}

