// A domain's configuration in the cart (spec §2/§4/§5; issue #5 §1): a contact per required role (a
// contact not ready for the registry is listed but disabled), nameservers: ours (where a new name starts,
// issue #25 §4), a group or a custom list (within the registry's limits), the registry's terms, and the
// .xxx resolve/token. The status icon says whether it is complete; once saved the button reads 'Change'.
import { getSelectProps } from '@conform-to/react';
import { Form, Link } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contactPicker } from '../../../core/cart/domain-config';
import type { ContactDraft } from '../../../core/contacts/first-details';
import { DEFAULT_NAMESERVERS } from '../../../core/domains/nameservers';
import type { NotReadyReason } from '../../../core/contacts/readiness';
import { contactSchema, domainConfigSchema, nameserverGroupSchema } from '../../../core/validation/cart-forms';
import type { CartLine } from '../../../worker/services/cart';
import { CheckboxField, choiceSelectProps, FieldErrors, InputField, SubmitButton, useAppForm, useHydrated } from '../../lib/forms';
import { CsrfInput } from '../csrf-input';
import { PageIdInput } from '../page-id-input';
import { CheckCircleIcon, WarningIcon } from '../icons';

export type ContactOption = { id: number; name: string; organisation: string | null; email: string; ready: Record<string, 0 | 1>; incomplete?: boolean; reasons?: Record<string, NotReadyReason[]> };
export type GroupOption = { id: number; name: string; nameservers: string[] };

const ROLES = ['registrant', 'admin', 'tech', 'billing'] as const;
const CUSTOM_SLOTS = 4;

export function DomainConfigPanel({ line, contacts, groups, loggedIn }: { line: CartLine; contacts: ContactOption[]; groups: GroupOption[]; loggedIn: boolean }) {
  const { t } = useTranslation('cart');
  const status = line.configStatus!;
  const saved = line.config;
  const ns = saved.nameservers;
  // Ours unless the customer chose a group or a list ('none' is the older name of ours). Without
  // JavaScript every part is shown and the checked radio decides; with it only the chosen part is.
  const [mode, setMode] = useState<'default' | 'group' | 'custom'>(ns?.mode === 'group' || ns?.mode === 'custom' ? ns.mode : 'default');
  const hydrated = useHydrated();
  const show = (m: typeof mode) => !hydrated || mode === m;
  const { fields, formProps, errorSummary } = useAppForm({
    id: `config-${line.id}`,
    schema: domainConfigSchema,
    defaultValue: {
      id: line.id,
      registrant: saved.contacts?.registrant,
      admin: saved.contacts?.admin,
      tech: saved.contacts?.tech,
      billing: saved.contacts?.billing,
      ns_group: ns?.mode === 'group' ? ns.groupId : undefined,
      ns: ns?.mode === 'custom' ? ns.list : [],
      agree: saved.agree ? 'on' : undefined,
      xxx_resolve: saved.xxx ? (saved.xxx.resolve ? 'yes' : 'no') : undefined,
      xxx_token: saved.xxx?.token,
    },
  });
  // Our nameservers are where a new name starts, not something the customer saved.
  const wasSaved = Boolean(saved.contacts || (saved.nameservers && saved.nameservers.mode !== 'default') || saved.agree);
  // Spec §5 Contacts: explicit_contacts limits the list (and hides 'new'); a contact not ready for this
  // registry is listed disabled with the reason; an incomplete one links to completing it.
  const picker = contactPicker({ registry: line.registry, config: saved }, contacts);
  const family = line.registry ?? 'generic';
  const incomplete = picker.options.filter((o) => o.contact.incomplete);
  const nsFields = fields.ns.getFieldList();
  return (
    <details className="mt-3 rounded border border-slate-200" open={!status.ready || undefined} data-testid="domain-config" data-ready={status.ready}>
      <summary className="flex cursor-pointer items-center gap-2 px-3 py-2 text-sm font-medium">
        {status.ready ? <CheckCircleIcon className="text-emerald-700" /> : <WarningIcon className="text-amber-700" />}
        <span>{status.ready ? t('config.complete') : t('config.incomplete')}</span>
        <span className="ml-auto text-blue-800 underline">{wasSaved ? t('config.change') : t('config.set')}</span>
      </summary>
      {!loggedIn ? (
        <p className="px-3 pb-3 text-sm text-slate-700">{t('config.login')}</p>
      ) : (
        <Form method="post" action="/cart" className="space-y-4 px-3 pb-3" {...formProps}>
          {errorSummary}
          <CsrfInput />
          <PageIdInput />
          <input type="hidden" name="intent" value="configure" />
          <input type="hidden" name="id" value={line.id} />
          {status.sections.contacts ? (
            <fieldset>
              <legend className="text-sm font-semibold">{t('config.contacts')}</legend>
              {picker.options.length === 0 ? <p className="text-sm text-slate-700">{t('config.no_contacts')}</p> : null}
              <div className="mt-2 grid gap-3 sm:grid-cols-2">
                {ROLES.map((role) => {
                  const f = fields[role];
                  return (
                    <div key={role}>
                      <label htmlFor={f.id} className="block text-sm">
                        {t(`roles.${role}`)}
                        {status.missingRoles.includes(role) ? <span className="text-red-700"> *</span> : null}
                      </label>
                      <select {...getSelectProps(f)} key={f.key} className="mt-1 w-full rounded border border-slate-300 px-2 py-1" data-testid={`contact-${role}`}>
                        <option value="">{t('config.choose_contact')}</option>
                        {picker.options.map(({ contact: c, selectable }) => (
                          // Spec §5: a contact whose {registry}_ready is 0 cannot be selected; the reason says why.
                          <option key={c.id} value={c.id} disabled={!selectable}>
                            {c.name}
                            {c.organisation ? ` — ${c.organisation}` : ''} ({c.email})
                            {!selectable ? ` · ${c.reasons?.[family]?.length ? c.reasons[family]!.map((r) => t(`contacts:reasons.${r}`)).join(', ') : t('config.not_ready')}` : ''}
                          </option>
                        ))}
                      </select>
                    </div>
                  );
                })}
              </div>
              {incomplete.length ? (
                <ul className="mt-2 space-y-1 text-sm" data-testid="incomplete-contacts">
                  {incomplete.map(({ contact: c }) => (
                    <li key={c.id}>
                      <span className="text-amber-900">{t('contacts:incomplete')}: {c.name}</span>{' '}
                      <Link to={`/account/contacts/${c.id}?complete=1&return=${encodeURIComponent('/cart')}`} className="underline" data-testid="complete-contact">
                        {t('contacts:complete_it')}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : null}
            </fieldset>
          ) : null}
          {status.sections.nameservers ? (
            <fieldset>
              <legend className="text-sm font-semibold">{t('config.nameservers')}</legend>
              <div className="mt-1 flex flex-col gap-2 text-sm sm:flex-row sm:flex-wrap sm:gap-4">
                {(['default', 'group', 'custom'] as const).map((m) => (
                  <label key={m} className="flex items-center gap-1">
                    <input type="radio" name="ns_mode" value={m} checked={mode === m} onChange={() => setMode(m)} disabled={m === 'group' && groups.length === 0} data-testid={`ns-mode-${m}`} />
                    {t(`config.ns_${m}`)}
                  </label>
                ))}
              </div>
              {show('default') ? (
                <p className="mt-2 break-words text-sm text-slate-700" data-testid="ns-ours">
                  {t('config.ns_default_list', { list: DEFAULT_NAMESERVERS.join(', ') })}
                </p>
              ) : null}
              {show('group') && groups.length ? (
                <div className="mt-2">
                  <select {...choiceSelectProps(fields.ns_group)} key={fields.ns_group.key} className="rounded border border-slate-300 px-2 py-1 text-sm" aria-label={t('config.ns_group')}>
                    {groups.map((g) => (
                      <option key={g.id} value={g.id}>
                        {g.name} ({g.nameservers.join(', ')})
                      </option>
                    ))}
                  </select>
                  <FieldErrors id={fields.ns_group.errorId} errors={fields.ns_group.errors} />
                </div>
              ) : null}
              {show('custom') ? (
                <div className="mt-2 grid gap-2 sm:grid-cols-2">
                  {Array.from({ length: CUSTOM_SLOTS }, (_, i) => {
                    const f = nsFields[i];
                    const value = ns?.mode === 'custom' ? (ns.list[i] ?? '') : '';
                    return (
                      <div key={i}>
                        <label htmlFor={`${line.id}-ns-${i}`} className="block text-xs">
                          {t('config.ns_n', { n: i + 1 })}
                        </label>
                        <input
                          id={`${line.id}-ns-${i}`}
                          name={`ns[${i}]`}
                          defaultValue={value}
                          className="mt-1 w-full rounded border border-slate-300 px-2 py-1 text-sm"
                          aria-invalid={f?.errors ? true : undefined}
                          data-testid={`ns-${i}`}
                        />
                        {f ? <FieldErrors id={`${line.id}-ns-${i}-error`} errors={f.errors} /> : null}
                      </div>
                    );
                  })}
                  <p className="text-xs text-slate-600 sm:col-span-2">{t('config.ns_help')}</p>
                </div>
              ) : null}
              {status.nameservers === 'invalid' ? <p className="mt-1 text-sm text-red-700">{t('config.ns_invalid')}</p> : null}
            </fieldset>
          ) : null}
          {status.sections.xxx ? (
            <fieldset>
              <legend className="text-sm font-semibold">.xxx</legend>
              <div className="mt-1 flex gap-4 text-sm">
                {(['yes', 'no'] as const).map((v) => (
                  <label key={v} className="flex items-center gap-1">
                    <input type="radio" name="xxx_resolve" value={v} defaultChecked={(saved.xxx?.resolve ?? true) === (v === 'yes')} />
                    {t(`config.xxx_${v}`)}
                  </label>
                ))}
              </div>
              <InputField meta={fields.xxx_token} label={t('config.xxx_token')} />
            </fieldset>
          ) : null}
          {status.sections.agree ? <CheckboxField meta={fields.agree} label={t('config.agree', { registry: t(`registries.${line.registry}`) })} /> : null}
          <SubmitButton intent="configure" className="btn-secondary" testId="config-save">
            {wasSaved ? t('config.change') : t('config.save')}
          </SubmitButton>
        </Form>
      )}
    </details>
  );
}

/**
 * A new contact. The account's first is offered filled in from its profile (`draft`, issue #25 §4) and
 * open, so the customer checks it and saves; saving gives it the roles still empty on the cart's lines.
 */
export function NewContactForm({ draft = null }: { draft?: ContactDraft | null }) {
  const { t } = useTranslation('cart');
  const { fields, formProps, errorSummary } = useAppForm({ id: 'new-contact', schema: contactSchema, defaultValue: { country: 'GR', ...(draft ?? {}) } });
  return (
    <details className="card" open={draft ? true : undefined} data-testid="new-contact">
      <summary className="cursor-pointer font-semibold">{t('contact.new')}</summary>
      {draft ? <p className="mt-2 text-sm text-slate-700" data-testid="contact-draft-note">{t('contact.draft_note')}</p> : null}
      <Form method="post" action="/cart" className="mt-3 grid gap-3 sm:grid-cols-2" {...formProps}>
        {errorSummary}
        <CsrfInput />
        <input type="hidden" name="intent" value="create_contact" />
        <InputField meta={fields.first_name} label={t('contact.first_name')} autoComplete="given-name" />
        <InputField meta={fields.last_name} label={t('contact.last_name')} autoComplete="family-name" />
        <InputField meta={fields.first_name_int} label={t('contact.first_name_int')} hint={t('contact.int_hint')} />
        <InputField meta={fields.last_name_int} label={t('contact.last_name_int')} />
        <InputField className="sm:col-span-2" meta={fields.organisation} label={t('contact.organisation')} autoComplete="organization" />
        <InputField className="sm:col-span-2" meta={fields.email} label={t('contact.email')} type="email" autoComplete="email" />
        <InputField meta={fields.phone} label={t('contact.phone')} type="tel" autoComplete="tel" />
        <ContactAddress fields={fields} />
        <div className="sm:col-span-2">
          <SubmitButton intent="create_contact" className="btn-secondary" testId="contact-save">
            {t('contact.save')}
          </SubmitButton>
        </div>
      </Form>
    </details>
  );
}

type ContactFields = ReturnType<typeof useAppForm<typeof contactSchema>>['fields'];

function ContactAddress({ fields }: { fields: ContactFields }) {
  const { t } = useTranslation('cart');
  return (
    <>
      <InputField className="sm:col-span-2" meta={fields.address} label={t('contact.address')} autoComplete="address-line1" />
      <InputField meta={fields.city} label={t('contact.city')} autoComplete="address-level2" />
      <InputField meta={fields.postcode} label={t('contact.postcode')} autoComplete="postal-code" />
      <div>
        <label htmlFor="contact-country" className="block text-sm font-medium">
          {t('contact.country')}
        </label>
        <CountrySelect id="contact-country" name="country" defaultValue={String(fields.country.initialValue ?? 'GR')} />
      </div>
    </>
  );
}

function CountrySelect({ id, name, defaultValue }: { id: string; name: string; defaultValue: string }) {
  const { t } = useTranslation();
  const codes = ['GR', 'CY', 'AT', 'BE', 'BG', 'CH', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GB', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'UA'];
  return (
    <select id={id} name={name} defaultValue={defaultValue} className="mt-1 w-full rounded border border-slate-300 px-3 py-2">
      {codes.map((c) => (
        <option key={c} value={c}>
          {t(`countries:${c}`)}
        </option>
      ))}
    </select>
  );
}

export function NewGroupForm() {
  const { t } = useTranslation('cart');
  const { fields, formProps, errorSummary } = useAppForm({ id: 'new-group', schema: nameserverGroupSchema, defaultValue: { ns: ['', '', '', ''] } });
  const list = fields.ns.getFieldList();
  return (
    <details className="card" data-testid="new-group">
      <summary className="cursor-pointer font-semibold">{t('group.new')}</summary>
      <Form method="post" action="/cart" className="mt-3 space-y-3" {...formProps}>
        {errorSummary}
        <CsrfInput />
        <input type="hidden" name="intent" value="create_ns_group" />
        <InputField meta={fields.name} label={t('group.name')} />
        {list.map((f, i) => (
          <InputField key={f.key} meta={f} label={t('config.ns_n', { n: i + 1 })} />
        ))}
        <FieldErrors id={fields.ns.errorId} errors={fields.ns.errors} />
        <SubmitButton intent="create_ns_group" className="btn-secondary" testId="group-save">
          {t('group.save')}
        </SubmitButton>
      </Form>
    </details>
  );
}

