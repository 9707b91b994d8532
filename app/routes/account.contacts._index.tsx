// Contact profiles (issue #12 §4; spec §2 responsive table, §3 Contact profile): name, kind, e-mail,
// country, readiness per registry family and the 'incomplete data' flag; Edit, Delete (refused while
// the contact holds a role: the names are given) and 'Complete it'. Other tabs follow through the
// contacts channel.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Link, useActionData, useLoaderData, useRevalidator } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { IncompleteFlag, ReadinessBadges } from '../components/portal/contact-badges';
import { Cell, ResponsiveTable, Row, RowActionForm, RowActions } from '../components/responsive-table';
import { readAccountAction, unknownIntent } from '../lib/account-action.server';
import { requireUser } from '../lib/auth.server';
import { codeAlertType, codeMessage } from '../lib/codes';
import { FormAlert } from '../lib/forms';
import { pageT } from '../lib/i18n.server';
import { useLiveChannel } from '../lib/live';
import { pageMeta } from '../lib/meta';

type ActionData = { code: number; names?: string[]; stamp: number };

/** The outcome of a redirect after a change (?done=created|deleted|7510|7511), shown once at the top. */
const DONE = ['created', 'deleted', String(ErrorCode.CONTACT_PROFILE_UPDATED), String(ErrorCode.CONTACT_PROFILE_COMPLETED)] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const { t } = await pageT(request);
  const done = new URL(request.url).searchParams.get('done');
  return {
    meta: { title: t('contacts:meta_title') },
    contacts: await context.services.domainContacts.list(session.user.id),
    done: DONE.includes(done as never) ? done : null,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, context }: ActionFunctionArgs) {
  const { session, form, intent, uniqueId } = await readAccountAction(request, context);
  switch (intent) {
    case 'delete': {
      const r = await context.services.domainContacts.remove(session.user.id, Number(form.get('id')), uniqueId);
      if (r.ok) return redirect('/account/contacts?done=deleted', 303);
      return data<ActionData>({ code: r.code, names: r.names, stamp: Date.now() }, { status: r.status });
    }
    default:
      return unknownIntent();
  }
}

export default function ContactsPage() {
  const { contacts, done } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation('contacts');
  const revalidator = useRevalidator();
  // Spec §7: a contact created, changed or deleted in another tab shows here too.
  useLiveChannel('contacts', () => revalidator.revalidate());
  const doneText = done === 'created' ? t('created') : done === 'deleted' ? t('deleted') : done ? codeMessage(t, Number(done)) : null;
  const columns = (['name', 'kind', 'email', 'country', 'ready', 'actions'] as const).map((c) => ({ key: c, label: t(`col_${c}`) }));
  return (
    <section aria-labelledby="contacts-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="contacts-title" className="text-2xl font-semibold">
          {t('title')}
        </h1>
        <Link to="/account/contacts/new" className="btn-primary" data-testid="contact-new">
          {t('new')}
        </Link>
      </div>
      <p className="text-sm text-slate-700">{t('intro')}</p>
      {doneText && !actionData ? (
        <FormAlert type="success" testId="contacts-done">
          {doneText}
        </FormAlert>
      ) : null}
      {actionData ? (
        <FormAlert type={codeAlertType(actionData.code)} code={actionData.code} testId="contacts-alert">
          {codeMessage(t, actionData.code)}
          {actionData.code === ErrorCode.CONTACT_ROLE_DELETION_NOT_ALLOWED && actionData.names?.length ? ` ${t('in_use', { names: actionData.names.join(', ') })}` : null}
        </FormAlert>
      ) : null}
      {/* Spec §2: a real table from 768 px; under it each row is a card of label: value lines. */}
      <ResponsiveTable caption={t('title')} columns={columns} testId="contact-table" empty={{ when: contacts.length === 0, text: t('empty'), className: 'card text-slate-700' }}>
        {contacts.map((c) => (
          <Row key={c.id} data-testid="contact-row" data-id={c.id} data-incomplete={c.incomplete}>
            <Cell rowHeader>
              <span className="break-words">{c.name}</span>
              {c.incomplete ? (
                <span className="ml-2 align-middle">
                  <IncompleteFlag />
                </span>
              ) : null}
              {c.domains.length ? <span className="block text-xs font-normal text-slate-600">{t('serves', { names: c.domains.join(', ') })}</span> : null}
            </Cell>
            <Cell label={t('col_kind')}>{t(`kind_${c.kind}`)}</Cell>
            <Cell label={t('col_email')}>
              <span className="break-all md:break-normal md:[overflow-wrap:anywhere]">{c.email}</span>
            </Cell>
            <Cell label={t('col_country')}>{t(`countries:${c.country}`, { defaultValue: c.country })}</Cell>
            <Cell label={t('col_ready')}>
              <ReadinessBadges ready={c.ready} reasons={c.reasons} />
            </Cell>
            <RowActions>
              {c.incomplete ? (
                <Link to={`/account/contacts/${c.id}?complete=1`} className="btn-primary px-3 py-1 text-sm" data-testid="contact-complete">
                  {t('complete_it')}
                </Link>
              ) : null}
              <Link to={`/account/contacts/${c.id}`} className="btn-secondary px-3 py-1 text-sm" data-testid="contact-edit" aria-label={`${t('edit')}: ${c.name}`}>
                {t('edit')}
              </Link>
              <RowActionForm id={c.id} intent="delete" className="btn-secondary px-3 py-1 text-sm" testId="contact-delete" confirm={t('delete_confirm', { name: c.name })}>
                <span aria-hidden="true">{t('delete')}</span>
                <span className="sr-only">{`${t('delete')}: ${c.name}`}</span>
              </RowActionForm>
            </RowActions>
          </Row>
        ))}
      </ResponsiveTable>
    </section>
  );
}
