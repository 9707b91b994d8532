// Contact profiles (issue #12 §4; spec §2 responsive table, §3 Contact profile): name, kind, e-mail,
// country, readiness per registry family and the 'incomplete data' flag; Edit, Delete (refused while
// the contact holds a role: the names are given) and 'Complete it'. Other tabs follow through the
// contacts channel.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData, useRevalidator } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { IncompleteFlag, ReadinessBadges } from '../components/portal/contact-badges';
import { CsrfInput } from '../components/csrf-input';
import { PageIdInput } from '../components/page-id-input';
import { requireUser } from '../lib/auth.server';
import { codeAlertType, codeMessage } from '../lib/codes';
import { FormAlert } from '../lib/forms';
import { readProtectedForm } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';
import { useLiveChannel } from '../lib/live';
import { pageMeta } from '../lib/meta';
import { codeData } from '../lib/route-error.server';

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
  const session = await requireUser(request, context);
  const form = await readProtectedForm(request, context);
  const uniqueId = typeof form.get('unique_id') === 'string' ? String(form.get('unique_id')) || null : null;
  switch (String(form.get('intent') ?? '')) {
    case 'delete': {
      const r = await context.services.domainContacts.remove(session.user.id, Number(form.get('id')), uniqueId);
      if (r.ok) return redirect('/account/contacts?done=deleted', 303);
      return data<ActionData>({ code: r.code, names: r.names, stamp: Date.now() }, { status: r.status });
    }
    default:
      throw data(codeData({ code: ErrorCode.UNRECOGNIZED_ACTION }), { status: 400 });
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
      {contacts.length === 0 ? (
        <p className="card text-slate-700">{t('empty')}</p>
      ) : (
        // Spec §2: a real table from 768 px; under it each row is a card of label: value lines.
        <table className="w-full text-left text-sm md:rounded md:border md:border-slate-200" data-testid="contact-table">
          <thead className="sr-only bg-slate-100 text-slate-700 md:not-sr-only md:table-header-group">
            <tr>
              <th scope="col" className="px-3 py-2">{t('col_name')}</th>
              <th scope="col" className="px-3 py-2">{t('col_kind')}</th>
              <th scope="col" className="px-3 py-2">{t('col_email')}</th>
              <th scope="col" className="px-3 py-2">{t('col_country')}</th>
              <th scope="col" className="px-3 py-2">{t('col_ready')}</th>
              <th scope="col" className="px-3 py-2">{t('col_actions')}</th>
            </tr>
          </thead>
          <tbody className="block space-y-3 md:table-row-group md:space-y-0">
            {contacts.map((c) => (
              <tr key={c.id} className="block rounded-lg border border-slate-200 bg-white p-3 md:table-row md:rounded-none md:border-0 md:border-t md:p-0" data-testid="contact-row" data-id={c.id} data-incomplete={c.incomplete}>
                <th scope="row" className="block py-1 text-left font-semibold md:table-cell md:px-3 md:py-2">
                  <span className="break-words">{c.name}</span>
                  {c.incomplete ? (
                    <span className="ml-2 align-middle">
                      <IncompleteFlag />
                    </span>
                  ) : null}
                  {c.domains.length ? <span className="block text-xs font-normal text-slate-600">{t('serves', { names: c.domains.join(', ') })}</span> : null}
                </th>
                <Cell label={t('col_kind')}>{t(`kind_${c.kind}`)}</Cell>
                <Cell label={t('col_email')}>
                  <span className="break-all md:break-normal md:[overflow-wrap:anywhere]">{c.email}</span>
                </Cell>
                <Cell label={t('col_country')}>{t(`countries:${c.country}`, { defaultValue: c.country })}</Cell>
                <Cell label={t('col_ready')}>
                  <ReadinessBadges ready={c.ready} reasons={c.reasons} />
                </Cell>
                <td className="block pt-2 md:table-cell md:px-3 md:py-2">
                  <div className="flex flex-wrap gap-2">
                    {c.incomplete ? (
                      <Link to={`/account/contacts/${c.id}?complete=1`} className="btn-primary px-3 py-1 text-sm" data-testid="contact-complete">
                        {t('complete_it')}
                      </Link>
                    ) : null}
                    <Link to={`/account/contacts/${c.id}`} className="btn-secondary px-3 py-1 text-sm" data-testid="contact-edit" aria-label={`${t('edit')}: ${c.name}`}>
                      {t('edit')}
                    </Link>
                    <Form method="post" onSubmit={(e) => (!window.confirm(t('delete_confirm', { name: c.name })) ? e.preventDefault() : undefined)}>
                      <CsrfInput />
                      <PageIdInput />
                      <input type="hidden" name="id" value={c.id} />
                      <button type="submit" name="intent" value="delete" className="btn-secondary px-3 py-1 text-sm" data-testid="contact-delete" aria-label={`${t('delete')}: ${c.name}`}>
                        {t('delete')}
                      </button>
                    </Form>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Cell({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <td className="flex flex-wrap gap-x-2 py-1 md:table-cell md:px-3 md:py-2">
      <span className="font-medium text-slate-600 md:hidden">{label}:</span>
      {children}
    </td>
  );
}

