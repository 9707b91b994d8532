// Staff accounts (issue #22 §1, decision 065): an admin sees every member of staff (group, two-factor,
// last login, status), invites a new one by e-mail into a group, changes a member's group, disables
// or enables a member, and withdraws an open invitation. Right `staff.manage` (admins only) in the
// loader and the action. Disabling asks first: without JavaScript a confirmation step of this page
// (?confirm=<id>), with it the app's dialog. Every change is written with its audit row (the service).
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { staffGroupSchema, staffInviteSchema, staffMemberSchema } from '../../core/validation/staff-forms';
import { StaffMembersTable, ConfirmDisable, OpenInvitations } from '../components/admin/staff-members';
import { CsrfInput } from '../components/csrf-input';
import { requireStaff } from '../lib/auth.server';
import { codeMessage } from '../lib/codes';
import { FormAlert, InputField, SubmitButton, useAppForm } from '../lib/forms';
import { readProtectedForm } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { parseForm, type FormResult } from '../lib/submission.server';

const DONE = ['invited', 'invited_existing', 'group', 'disabled', 'enabled', 'revoked'] as const;
type Done = (typeof DONE)[number];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireStaff(request, context, 'staff.manage');
  const { t } = await pageT(request);
  const url = new URL(request.url);
  const { members, invitations } = await context.services.staffMembers.list();
  const done = url.searchParams.get('done');
  const confirmId = Number(url.searchParams.get('confirm'));
  return {
    meta: { title: t('staff:members.meta_title') },
    me: session.user.id,
    members,
    invitations,
    done: (DONE as readonly string[]).includes(done ?? '') ? (done as Done) : null,
    doneEmail: (url.searchParams.get('email') ?? '').slice(0, 100),
    confirm: members.find((m) => m.id === confirmId && m.status === 'active' && m.id !== session.user.id) ?? null,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

type ActionData = { code: number; reason?: 'last_admin' | 'already_staff'; seconds?: number; result?: FormResult };

const refused = (code: number, status: number, extra: Partial<ActionData> = {}) => data<ActionData>({ code, ...extra }, status);

export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireStaff(request, context, 'staff.manage');
  const form = await readProtectedForm(request, context);
  const actor = { userId: session.user.id, ip: context.ip };
  const services = context.services;
  const intent = String(form.get('intent') ?? '');
  if (intent === 'invite') {
    const submission = parseForm(form, staffInviteSchema);
    if (submission.status !== 'success') return data<ActionData>({ code: ErrorCode.VALIDATION_ERROR, result: submission.reply() }, 400);
    const { lang } = await pageT(request);
    const r = await services.staffInvitations.invite(actor, { email: submission.value.email, group: submission.value.group as 'admin' | 'support', origin: new URL(request.url).origin, locale: lang });
    if (!r.ok) return refused(r.code, r.status, { seconds: r.seconds, reason: r.code === ErrorCode.ACTION_NOT_ALLOWED ? 'already_staff' : undefined, result: submission.reply() });
    const params = new URLSearchParams({ done: r.existingAccount ? 'invited_existing' : 'invited', email: submission.value.email.trim().toLowerCase() });
    return redirect(`/admin/staff?${params.toString()}`, 303);
  }
  if (intent === 'revoke') {
    const parsed = parseForm(form, staffMemberSchema);
    if (parsed.status !== 'success') return refused(ErrorCode.VALIDATION_ERROR, 400);
    await services.staffInvitations.revoke(actor, Number(parsed.value.id));
    return redirect('/admin/staff?done=revoked', 303);
  }
  if (intent === 'group') {
    const parsed = parseForm(form, staffGroupSchema);
    if (parsed.status !== 'success') return refused(ErrorCode.VALIDATION_ERROR, 400);
    const r = await services.staffMembers.changeGroup(actor, Number(parsed.value.id), parsed.value.group as 'admin' | 'support');
    if (!r.ok) return refused(r.code, r.status, { reason: 'last_admin' });
    return redirect('/admin/staff?done=group', 303);
  }
  if (intent === 'disable' || intent === 'enable') {
    const parsed = parseForm(form, staffMemberSchema);
    if (parsed.status !== 'success') return refused(ErrorCode.VALIDATION_ERROR, 400);
    const id = Number(parsed.value.id);
    // Disabling is asked first: a post without the confirmation leads to the confirmation step.
    if (intent === 'disable' && form.get('confirmed') !== '1') return redirect(`/admin/staff?confirm=${id}`, 303);
    const r = intent === 'disable' ? await services.staffMembers.disable(actor, id) : await services.staffMembers.enable(actor, id);
    if (!r.ok) return refused(r.code, r.status, { reason: 'last_admin' });
    return redirect(`/admin/staff?done=${intent === 'disable' ? 'disabled' : 'enabled'}`, 303);
  }
  return refused(ErrorCode.UNRECOGNIZED_ACTION, 400);
}

export default function AdminStaff() {
  const { members, invitations, done, doneEmail, confirm, me } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const { t } = useTranslation('staff');
  const invite = useAppForm({ id: 'staff-invite', schema: staffInviteSchema, lastResult: actionData?.result, defaultValue: { group: 'support' } });
  const refusal =
    actionData && actionData.code !== ErrorCode.VALIDATION_ERROR
      ? actionData.reason === 'already_staff'
        ? t('members.refused_already_staff')
        : actionData.code === ErrorCode.ACTION_NOT_ALLOWED
          ? t('members.refused_last_admin')
          : codeMessage(t, actionData.code, { seconds: actionData.seconds })
      : null;
  return (
    <div data-testid="admin-staff">
      <h1 className="text-3xl font-bold">{t('members.title')}</h1>
      <p className="mt-2 max-w-3xl text-slate-700">{t('members.intro')}</p>
      <div className="mt-4 space-y-2" aria-live="polite">
        {done ? (
          <FormAlert type="success" testId="staff-done">
            {t(`members.done.${done}`, { email: doneEmail })}
          </FormAlert>
        ) : null}
        {refusal && actionData ? (
          <FormAlert type="alert" testId="staff-alert" code={actionData.code}>
            {refusal}
          </FormAlert>
        ) : null}
      </div>
      {confirm ? <ConfirmDisable member={confirm} /> : null}
      <StaffMembersTable members={members} me={me} />

      <section className="mt-10 max-w-2xl" aria-labelledby="staff-invite-title">
        <h2 id="staff-invite-title" className="text-xl font-semibold">
          {t('members.invite_title')}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t('members.invite_intro')}</p>
        <Form method="post" className="mt-4 flex flex-wrap items-end gap-3" {...invite.formProps}>
          {invite.errorSummary}
          <CsrfInput />
          <InputField meta={invite.fields.email} label={t('members.email')} type="email" autoComplete="off" className="w-full sm:w-72" maxLength={100} />
          <div>
            <label htmlFor="staff-invite-group" className="block text-sm font-medium">
              {t('members.group')}
            </label>
            <select id="staff-invite-group" name="group" defaultValue="support" className="mt-1 rounded border border-slate-300 px-3 py-2" data-testid="staff-invite-group">
              <option value="support">{t('members.groups.support')}</option>
              <option value="admin">{t('members.groups.admin')}</option>
            </select>
          </div>
          <SubmitButton intent="invite" testId="staff-invite-submit">
            {t('members.invite')}
          </SubmitButton>
        </Form>
      </section>
      <OpenInvitations invitations={invitations} />
    </div>
  );
}
