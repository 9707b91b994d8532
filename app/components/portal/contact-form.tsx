// The contact profile form (issue #12 §4): individual or organisation, the Latin names an
// international registry needs (first_name_int_ind / last_name_int_ind), an organisation's name and
// VAT number, postal details. Without JavaScript every field shows, the organisation ones labelled so.
import type { SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { contactProfileSchema } from '../../../core/validation/contact-forms';
import { FieldErrors, InputField, SubmitButton, useAppForm, useHydrated } from '../../lib/forms';
import { CountryField } from '../address-fields';
import { CsrfInput } from '../csrf-input';
import { PageIdInput } from '../page-id-input';

export type ContactFormValues = {
  kind: 'individual' | 'organisation';
  first_name: string;
  last_name: string;
  first_name_int_ind: string;
  last_name_int_ind: string;
  organisation: string;
  vat_number: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  postcode: string;
  country: string;
};

export function ContactForm({
  id,
  intent,
  submitLabel,
  defaultValue,
  lastResult,
  hidden,
  children,
}: {
  id: string;
  intent: string;
  submitLabel: string;
  defaultValue?: Partial<ContactFormValues>;
  lastResult?: SubmissionResult<string[]> | null;
  /** Extra hidden inputs (return path, completion flag). */
  hidden?: Record<string, string>;
  children?: ReactNode;
}) {
  const { t } = useTranslation('contacts');
  const hydrated = useHydrated();
  const { fields, formProps, errorSummary } = useAppForm({ id, schema: contactProfileSchema, lastResult, defaultValue: { country: 'GR', kind: 'individual', ...defaultValue } });
  const [kind, setKind] = useState(String(fields.kind.initialValue ?? 'individual'));
  const org = kind === 'organisation';
  return (
    <Form method="post" className="card grid gap-4 sm:grid-cols-2" {...formProps} data-testid="contact-form">
      {errorSummary}
      <CsrfInput />
      <PageIdInput />
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden ?? {}).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <fieldset className="sm:col-span-2">
        <legend className="text-sm font-medium">{t('form.kind')}</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {(['individual', 'organisation'] as const).map((k) => (
            <label key={k} className="flex items-center gap-2 text-sm">
              <input type="radio" name={fields.kind.name} value={k} defaultChecked={kind === k} onChange={() => setKind(k)} data-testid={`kind-${k}`} />
              {t(`kind_${k}`)}
            </label>
          ))}
        </div>
        <FieldErrors id={fields.kind.errorId} errors={fields.kind.errors} />
      </fieldset>
      {!hydrated || org ? (
        <>
          <InputField meta={fields.organisation} label={hydrated ? t('form.organisation') : `${t('form.organisation')} (${t('kind_organisation')})`} autoComplete="organization" />
          <InputField meta={fields.vat_number} label={hydrated ? t('form.vat_number') : `${t('form.vat_number')} (${t('kind_organisation')})`} hint={t('form.vat_hint')} />
        </>
      ) : null}
      {org ? <p className="text-sm font-medium sm:col-span-2">{t('form.contact_person')}</p> : null}
      <InputField meta={fields.first_name} label={t('form.first_name')} autoComplete="given-name" />
      <InputField meta={fields.last_name} label={t('form.last_name')} autoComplete="family-name" />
      <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
        <legend className="text-sm font-medium">{t('form.latin_legend')}</legend>
        <p className="text-xs text-slate-600 sm:col-span-2">{t('form.latin_hint')}</p>
        <InputField meta={fields.first_name_int_ind} label={t('form.first_name_int_ind')} />
        <InputField meta={fields.last_name_int_ind} label={t('form.last_name_int_ind')} />
      </fieldset>
      <InputField meta={fields.email} label={t('form.email')} type="email" autoComplete="email" />
      <InputField meta={fields.phone} label={t('form.phone')} type="tel" autoComplete="tel" hint={t('form.phone_hint')} />
      <InputField className="sm:col-span-2" meta={fields.address} label={t('form.address')} autoComplete="address-line1" />
      <InputField meta={fields.city} label={t('form.city')} autoComplete="address-level2" />
      <InputField meta={fields.postcode} label={t('form.postcode')} autoComplete="postal-code" />
      <CountryField field={fields.country} label={t('form.country')} />
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <SubmitButton intent={intent} testId="contact-submit">
          {submitLabel}
        </SubmitButton>
        {children}
      </div>
    </Form>
  );
}
