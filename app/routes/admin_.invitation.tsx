// The invitee's side of a staff invitation (issue #22 §1, decision 065): the link from the e-mail
// opens this page on the admin host (outside the back office's layout: the invitee is not staff
// yet). Opening it changes nothing (mail scanners open links); the POST accepts. A new address sets
// its name and password by the house rules; an address that already has an account gives that
// account's password. Afterwards the invitee logs in, and the back office asks for two-factor
// enrolment first (decision 024). Whoever is signed in in this browser does not matter: the
// invitation acts on its own address only.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { invitationExistingAccountSchema, invitationNewAccountSchema } from '../../core/validation/staff-forms';
import { CsrfInput } from '../components/csrf-input';
import { codeMessage } from '../lib/codes';
import { LiveProvider } from '../lib/live';
import { useRootData } from '../lib/root-data';
import { FormAlert, InputField, SubmitButton, useAppForm } from '../lib/forms';
import { readProtectedForm } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { codeData } from '../lib/route-error.server';
import { fieldMessage, parseForm, type FormResult } from '../lib/submission.server';

/** No storefront chrome on the admin host (root.tsx): the page draws its own plain frame. */
export const handle = { frame: 'staff' };

function adminHostOnly(context: LoaderFunctionArgs['context']) {
  if (!context.isAdminHost) throw data(codeData({ code: ErrorCode.UNRECOGNIZED_ACTION }), { status: 404 });
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  adminHostOnly(context);
  const { t } = await pageT(request);
  const url = new URL(request.url);
  const token = (url.searchParams.get('t') ?? '').slice(0, 200);
  const accepted = url.searchParams.get('accepted') === '1';
  const invitation = accepted ? null : await context.services.staffInvitations.view(token);
  return { meta: { title: t('staff:members.accept.meta_title') }, token, accepted, invitation };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

type ActionData = { code?: number; attemptsLeft?: number; result?: FormResult };

export async function action({ request, context }: ActionFunctionArgs) {
  adminHostOnly(context);
  const form = await readProtectedForm(request, context);
  const token = String(form.get('t') ?? '');
  const svc = context.services.staffInvitations;
  const invitation = await svc.view(token);
  if (!invitation) return data<ActionData>({ code: ErrorCode.ACTION_NOT_ALLOWED }, 410);
  const { lang } = await pageT(request);
  if (invitation.existingAccount) {
    const submission = parseForm(form, invitationExistingAccountSchema);
    if (submission.status !== 'success') return data<ActionData>({ result: submission.reply({ hideFields: ['current_password'] }) }, 400);
    const r = await svc.accept(token, { kind: 'existing', password: submission.value.current_password }, context.ip);
    if (!r.ok) return data<ActionData>({ code: r.code, attemptsLeft: r.attemptsLeft, result: submission.reply({ hideFields: ['current_password'] }) }, r.status);
  } else {
    const submission = parseForm(form, invitationNewAccountSchema);
    const hide = { hideFields: ['password', 'password_confirmation'] };
    if (submission.status !== 'success') return data<ActionData>({ result: submission.reply(hide) }, 400);
    if (form.get('gdpr_accept') !== 'on') return data<ActionData>({ result: submission.reply({ ...hide, fieldErrors: { gdpr_accept: fieldMessage('REQUIRED') } }) }, 400);
    const v = submission.value;
    const r = await svc.accept(token, { kind: 'new', firstName: v.first_name, lastName: v.last_name, password: v.password, locale: lang }, context.ip);
    if (!r.ok && r.field === 'password') return data<ActionData>({ result: submission.reply({ ...hide, fieldErrors: { password: fieldMessage('PASSWORD_COMMON') } }) }, 400);
    if (!r.ok) return data<ActionData>({ code: r.code }, r.status);
  }
  return redirect('/admin/invitation?accepted=1', 303);
}

function NewAccountForm({ token, lastResult }: { token: string; lastResult?: FormResult }) {
  const { t } = useTranslation('staff');
  const f = useAppForm({ id: 'staff-accept', schema: invitationNewAccountSchema, lastResult });
  return (
    <Form method="post" action={`/admin/invitation?t=${encodeURIComponent(token)}`} className="mt-6 space-y-4" {...f.formProps}>
      {f.errorSummary}
      <CsrfInput />
      <input type="hidden" name="t" value={token} />
      <InputField meta={f.fields.first_name} label={t('members.accept.first_name')} autoComplete="given-name" maxLength={50} />
      <InputField meta={f.fields.last_name} label={t('members.accept.last_name')} autoComplete="family-name" maxLength={50} />
      <InputField meta={f.fields.password} label={t('members.accept.password')} type="password" autoComplete="new-password" maxLength={128} />
      <InputField meta={f.fields.password_confirmation} label={t('members.accept.password_confirmation')} type="password" autoComplete="new-password" maxLength={128} />
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name="gdpr_accept" required className="mt-1" data-testid="staff-accept-gdpr" />
        <span>{t('members.accept.gdpr')}</span>
      </label>
      <SubmitButton testId="staff-accept-submit">{t('members.accept.submit')}</SubmitButton>
    </Form>
  );
}

function ExistingAccountForm({ token, lastResult }: { token: string; lastResult?: FormResult }) {
  const { t } = useTranslation('staff');
  const f = useAppForm({ id: 'staff-accept-existing', schema: invitationExistingAccountSchema, lastResult });
  return (
    <Form method="post" action={`/admin/invitation?t=${encodeURIComponent(token)}`} className="mt-6 space-y-4" {...f.formProps}>
      {f.errorSummary}
      <CsrfInput />
      <input type="hidden" name="t" value={token} />
      <InputField meta={f.fields.current_password} label={t('members.accept.current_password')} type="password" autoComplete="current-password" maxLength={128} />
      <SubmitButton testId="staff-accept-submit">{t('members.accept.submit')}</SubmitButton>
    </Form>
  );
}

export default function StaffInvitation() {
  const { token, accepted, invitation } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const { t } = useTranslation('staff');
  const root = useRootData();
  // The live channel like every page's (a session ended elsewhere reloads it; the tests wait for it).
  return (
    <LiveProvider room={root.liveRoom}>
      <main id="main" className="mx-auto max-w-xl px-4 py-10" data-testid="staff-invitation">
        <h1 className="text-3xl font-bold">{t('members.accept.title')}</h1>
        {accepted ? (
          <div className="mt-4 space-y-4">
            <FormAlert type="success" testId="staff-accept-done">
              {t('members.accept.done')}
            </FormAlert>
            <Link to="/auth/login?redirectTo=%2Fadmin" className="btn-primary" data-testid="staff-accept-login">
              {t('members.accept.login')}
            </Link>
          </div>
        ) : !invitation || actionData?.code === ErrorCode.ACTION_NOT_ALLOWED ? (
          <div className="mt-4">
            <FormAlert type="alert" testId="staff-accept-invalid" code={ErrorCode.ACTION_NOT_ALLOWED}>
              {t('members.accept.invalid')}
            </FormAlert>
          </div>
        ) : (
          <>
            <p className="mt-2 text-slate-700" data-testid="staff-accept-intro">
              {t(invitation.existingAccount ? 'members.accept.intro_existing' : 'members.accept.intro', { email: invitation.email, group: t(`members.groups.${invitation.group}`) })}
            </p>
            {actionData?.code ? (
              <div className="mt-4">
                <FormAlert type="alert" testId="staff-accept-alert" code={actionData.code}>
                  {codeMessage(t, actionData.code, { attemptsLeft: actionData.attemptsLeft })}
                </FormAlert>
              </div>
            ) : null}
            {invitation.existingAccount ? <ExistingAccountForm token={token} lastResult={actionData?.result} /> : <NewAccountForm token={token} lastResult={actionData?.result} />}
          </>
        )}
      </main>
    </LiveProvider>
  );
}
