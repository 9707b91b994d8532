// The roles of one domain (issue #12 §4; spec §3 roles REGISTRANT/ADMIN/TECH/BILLING with their
// display and form labels, §6 rules): only the roles the registry has; a role changes to another of
// the customer's contacts that is ready for this registry (incomplete ones must be completed first).
// The registry hears of it first; a refusal keeps the form as it was with the spec's message.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData, useRevalidator } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { roleChangeSchema } from '../../core/validation/contact-forms';
import { MESSAGES } from '../../core/validation/messages';
import { CsrfInput } from '../components/csrf-input';
import { PageIdInput } from '../components/page-id-input';
import { readAccountForm, unknownIntent } from '../lib/account-action.server';
import { codeAlertType, codeMessage } from '../lib/codes';
import { FormAlert, SubmitButton } from '../lib/forms';
import { pageT } from '../lib/i18n.server';
import { useLiveChannel } from '../lib/live';
import { loadOwnDomainAndSession } from '../lib/domain-route.server';
import { pageMeta } from '../lib/meta';
import { codeData } from '../lib/route-error.server';
import { parseForm } from '../lib/submission.server';

type ActionData = { role: string; contactId: number | null; code: number; names?: string[]; link?: string; message?: string; stamp: number };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { session, domain } = await loadOwnDomainAndSession(request, context, params);
  const { t } = await pageT(request);
  const page = await context.services.domainContacts.domainRoles(session.user.id, domain.asciiFqdn);
  if (!page) throw data(codeData({ code: ErrorCode.DOMAIN_DOES_NOT_EXIST }), { status: 404 });
  return { meta: { title: t('contacts:roles.title', { name: page.domain.fqdn }) }, ...page };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { session, domain } = await loadOwnDomainAndSession(request, context, params);
  const { form, intent, uniqueId } = await readAccountForm(request, context);
  const name = domain.asciiFqdn;
  if (intent !== 'change_role') return unknownIntent();
  const submission = parseForm(form, roleChangeSchema);
  const role = String(form.get('role') ?? '');
  const stamp = Date.now();
  if (submission.status !== 'success') return data<ActionData>({ role, contactId: null, code: ErrorCode.CONTACT_UPDATE_NOT_ALLOWED_FOR_ROLE, stamp }, 403);
  const contactId = submission.value.contact_id ?? null;
  const r = await context.services.domainContacts.changeRole(session.user.id, name, submission.value.role, contactId, uniqueId);
  if (r.ok) return data<ActionData>({ role, contactId, code: r.code, stamp });
  if (r.code === ErrorCode.DOMAIN_DOES_NOT_EXIST) throw data(codeData({ code: r.code }), { status: 404 });
  const extra = r as { names?: string[]; link?: string; message?: string };
  return data<ActionData>({ role, contactId, code: r.code, names: extra.names, link: extra.link, message: extra.message, stamp }, { status: r.status });
}

export default function DomainContacts() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation('contacts');
  const revalidator = useRevalidator();
  // Another tab's change of this domain or of a contact shows here too (spec §7).
  useLiveChannel('domain', (m) => {
    if ('domain_id' in m.data && m.data.domain_id === page.domain.id) revalidator.revalidate();
  });
  useLiveChannel('contacts', () => revalidator.revalidate());
  const incomplete = page.contacts.filter((c) => c.incomplete);
  return (
    <section aria-labelledby="roles-title" className="space-y-4" data-testid="domain-contacts" data-domain={page.domain.asciiFqdn}>
      {/* The domain layout's header holds the page's h1 (the name). */}
      <h2 id="roles-title" className="mt-4 text-xl font-semibold">
        {t('roles.title', { name: page.domain.fqdn })}
      </h2>
      <p className="text-sm text-slate-700">{t('roles.intro')}</p>
      {!page.registryAvailable ? <FormAlert type="warning">{t('roles.registry_unavailable')}</FormAlert> : null}
      {incomplete.length ? (
        <div className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="incomplete-contacts">
          <p>{t('roles.incomplete_list')}</p>
          <ul className="mt-1 flex flex-wrap gap-3">
            {incomplete.map((c) => (
              <li key={c.id}>
                <Link className="underline" to={`/account/contacts/${c.id}?complete=1&return=${encodeURIComponent(`/account/domains/${page.domain.asciiFqdn}/contacts`)}`}>
                  {c.name} — {t('complete_it')}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <ul className="space-y-3">
        {page.roles.map((r) => {
          const mine = actionData?.role === r.role ? actionData : undefined;
          // A refused change keeps the customer's choice in the select; a success shows the new holder.
          const selected = mine && mine.code !== ErrorCode.SUCCESS && mine.contactId !== null ? mine.contactId : r.contactId;
          const fieldError = mine?.code === ErrorCode.VALIDATION_ERROR ? t(mine.message === 'REQUIRED' ? MESSAGES.REQUIRED : MESSAGES['CONTACT_PROFILES.MISSING']) : null;
          return (
            <li key={r.role} className="card" data-testid={`role-${r.role}`} data-contact={r.contactId ?? ''}>
              <Form method="post" className="grid gap-3 md:grid-cols-[12rem_minmax(0,1fr)_auto] md:items-end" key={`${r.role}-${r.contactId}-${mine?.stamp ?? 0}`}>
                <CsrfInput />
                <PageIdInput />
                <input type="hidden" name="role" value={r.role} />
                <div>
                  <p className="text-sm font-semibold">{t(`roles.display.${r.role}`)}</p>
                  <p className="text-sm text-slate-700" data-testid="role-holder">
                    {r.contactName ?? t('roles.none')}
                  </p>
                </div>
                <div>
                  <label htmlFor={`role-${r.role}-contact`} className="block text-sm font-medium">
                    {t(`roles.form.${r.role}`)}
                  </label>
                  <select
                    id={`role-${r.role}-contact`}
                    name="contact_id"
                    defaultValue={selected ?? ''}
                    className="mt-1 w-full rounded border border-slate-300 px-3 py-2"
                    aria-invalid={fieldError ? true : undefined}
                    aria-describedby={fieldError ? `role-${r.role}-error` : undefined}
                    data-testid={`role-${r.role}-select`}
                  >
                    <option value="">{t('roles.choose')}</option>
                    {page.contacts.map((c) => (
                      // Spec §5 Contacts: a contact not ready for this registry cannot be selected; the reason says why.
                      <option key={c.id} value={c.id} disabled={!c.ready}>
                        {c.ready ? `${c.name} (${c.email})` : t('roles.not_ready_option', { name: c.name, reason: c.reasons.map((x) => t(`reasons.${x}`)).join(', ') })}
                      </option>
                    ))}
                  </select>
                  {fieldError ? (
                    <p id={`role-${r.role}-error`} className="mt-1 text-sm text-red-700">
                      {fieldError}
                    </p>
                  ) : null}
                  {r.role === 'registrant' && page.registrantIsTrade ? <p className="mt-1 text-xs text-slate-600">{t('roles.registrant_trade')}</p> : null}
                </div>
                <SubmitButton intent="change_role" className="btn-secondary" testId={`role-${r.role}-submit`} disabled={!page.registryAvailable}>
                  {t('roles.change')}
                </SubmitButton>
              </Form>
              {mine ? (
                <div className="mt-3" data-testid={`role-${r.role}-alert`}>
                  <FormAlert type={mine.code === ErrorCode.SUCCESS ? 'success' : codeAlertType(mine.code)} code={mine.code}>
                    {mine.code === ErrorCode.SUCCESS ? t('roles.changed') : codeMessage(t, mine.code)}
                    {mine.code === ErrorCode.DOMAIN_CONTACT_UPDATE_FAILED && mine.names?.length ? ` ${t('form.not_updated', { names: mine.names.join(', ') })}` : null}
                    {mine.code === ErrorCode.CONTACT_UPDATE_CHARGEABLE && mine.link ? (
                      <>
                        {' '}
                        <Link to={mine.link} className="font-medium underline" data-testid="trade-link">
                          {t('form.trade_link')}
                        </Link>
                      </>
                    ) : null}
                  </FormAlert>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      <p>
        <Link to="/account/contacts" className="text-sm underline">
          {t('roles.manage')}
        </Link>
      </p>
    </section>
  );
}
