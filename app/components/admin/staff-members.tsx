// The pieces of the staff page (app/routes/admin.staff.tsx): the members' table with each row's
// group form and disable/enable action, the confirmation of a disabling (a step of the page without
// JavaScript, the app's dialog with it), and the open invitations.
import { Form, Link } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PendingInvitation, StaffMember } from '../../../worker/services/staff';
import { Dialog } from '../dialog';
import { CsrfInput } from '../csrf-input';
import { SubmitButton, useHydrated } from '../../lib/forms';
import { Cell, ResponsiveTable, Row, RowActionForm, RowActions } from '../responsive-table';
import { athensFormat } from '../../lib/date-format';

function useWhen() {
  const { i18n } = useTranslation();
  return (ms: number) => athensFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(ms));
}

/** The POST that disables a member, confirmed (the second step, or the dialog's button). */
function DisableForm({ id }: { id: number }) {
  const { t } = useTranslation('staff');
  return (
    <Form method="post" className="mt-3 flex flex-wrap gap-2">
      <CsrfInput />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="confirmed" value="1" />
      <SubmitButton intent="disable" className="btn-primary" testId="staff-disable-confirm">
        {t('members.confirm_yes')}
      </SubmitButton>
      <Link to="/admin/staff" className="link-button" data-testid="staff-disable-cancel">
        {t('members.cancel')}
      </Link>
    </Form>
  );
}

/** The confirmation step without JavaScript (?confirm=<id>). */
export function ConfirmDisable({ member }: { member: StaffMember }) {
  const { t } = useTranslation('staff');
  return (
    <section className="mt-6 rounded border border-amber-300 bg-amber-50 p-4" aria-labelledby="staff-confirm-title" data-testid="staff-confirm">
      <h2 id="staff-confirm-title" className="font-semibold">
        {t('members.confirm_disable_title')}
      </h2>
      <p className="mt-1">{t('members.confirm_disable', { username: member.email })}</p>
      <DisableForm id={member.id} />
    </section>
  );
}

/** 'Disable': a link to the confirmation step; with JavaScript it opens the dialog instead. */
function DisableAction({ member }: { member: StaffMember }) {
  const { t } = useTranslation('staff');
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Link
        to={`/admin/staff?confirm=${member.id}`}
        className="btn-secondary px-2 py-1 text-sm"
        data-testid="staff-disable"
        onClick={(e) => {
          if (!hydrated) return;
          e.preventDefault();
          setOpen(true);
        }}
      >
        {t('members.disable')}
      </Link>
      {open ? (
        <Dialog open onClose={() => setOpen(false)} title={t('members.confirm_disable_title')} testId="staff-disable-dialog">
          <p>{t('members.confirm_disable', { username: member.email })}</p>
          <DisableForm id={member.id} />
        </Dialog>
      ) : null}
    </>
  );
}

function GroupForm({ member }: { member: StaffMember }) {
  const { t } = useTranslation('staff');
  const id = `staff-group-${member.id}`;
  return (
    <Form method="post" className="flex flex-wrap items-center gap-2">
      <CsrfInput />
      <input type="hidden" name="id" value={member.id} />
      <label htmlFor={id} className="sr-only">
        {t('members.change_group')} {member.email}
      </label>
      <select id={id} name="group" defaultValue={member.group} className="rounded border border-slate-300 px-2 py-1 text-sm" data-testid="staff-group-select">
        <option value="admin">{t('members.groups.admin')}</option>
        <option value="support">{t('members.groups.support')}</option>
      </select>
      <SubmitButton intent="group" className="btn-secondary px-2 py-1 text-sm" testId="staff-group-save">
        {t('members.save_group')}
      </SubmitButton>
    </Form>
  );
}

export function StaffMembersTable({ members, me }: { members: StaffMember[]; me: number }) {
  const { t } = useTranslation('staff');
  const when = useWhen();
  const columns = [
    { key: 'name', label: t('members.name') },
    { key: 'email', label: t('members.email') },
    { key: 'group', label: t('members.group') },
    { key: 'two_factor', label: t('members.two_factor') },
    { key: 'last_login', label: t('members.last_login') },
    { key: 'status', label: t('members.status') },
    { key: 'actions', label: t('members.actions') },
  ];
  return (
    <div className="mt-6">
      <ResponsiveTable caption={t('members.caption')} columns={columns} testId="staff-members">
        {members.map((m) => (
          <Row key={m.id} data-testid="staff-member" data-email={m.email} data-group={m.group} data-status={m.status}>
            <Cell label={t('members.name')} rowHeader>
              {m.name} {m.id === me ? <span className="font-normal text-slate-600">{t('members.you')}</span> : null}
            </Cell>
            <Cell label={t('members.email')}>{m.email}</Cell>
            <Cell label={t('members.group')}>{m.id === me ? t(`members.groups.${m.group}`) : <GroupForm member={m} />}</Cell>
            <Cell label={t('members.two_factor')}>
              <span data-testid="staff-two-factor" data-enrolled={m.twoFactor}>
                {m.twoFactor ? t('members.two_factor_yes') : t('members.two_factor_no')}
              </span>
            </Cell>
            <Cell label={t('members.last_login')}>{m.lastLoginAt ? when(m.lastLoginAt) : t('members.never')}</Cell>
            <Cell label={t('members.status')}>{t(`members.statuses.${m.status}`)}</Cell>
            <RowActions>
              {m.id === me ? null : m.status === 'active' ? (
                <DisableAction member={m} />
              ) : (
                <RowActionForm id={m.id} intent="enable" testId="staff-enable">
                  {t('members.enable')}
                </RowActionForm>
              )}
            </RowActions>
          </Row>
        ))}
      </ResponsiveTable>
    </div>
  );
}

export function OpenInvitations({ invitations }: { invitations: PendingInvitation[] }) {
  const { t } = useTranslation('staff');
  const when = useWhen();
  return (
    <section className="mt-10" aria-labelledby="staff-invitations-title">
      <h2 id="staff-invitations-title" className="text-xl font-semibold">
        {t('members.invitations')}
      </h2>
      <div className="mt-3">
        <ResponsiveTable
          caption={t('members.invitations')}
          columns={[
            { key: 'email', label: t('members.email') },
            { key: 'group', label: t('members.group') },
            { key: 'expires', label: t('members.expires') },
            { key: 'actions', label: t('members.actions') },
          ]}
          testId="staff-invitations"
          empty={{ when: invitations.length === 0, text: t('members.invitations_none'), testId: 'staff-invitations-none' }}
        >
          {invitations.map((i) => (
            <Row key={i.id} data-testid="staff-invitation" data-email={i.email}>
              <Cell label={t('members.email')} rowHeader>
                {i.email}
              </Cell>
              <Cell label={t('members.group')}>{t(`members.groups.${i.group}`)}</Cell>
              <Cell label={t('members.expires')}>{when(i.expiresAt)}</Cell>
              <RowActions>
                <RowActionForm id={i.id} intent="revoke" testId="staff-revoke">
                  {t('members.revoke')}
                </RowActionForm>
              </RowActions>
            </Row>
          ))}
        </ResponsiveTable>
      </div>
    </section>
  );
}
