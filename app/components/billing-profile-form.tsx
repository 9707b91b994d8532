// The billing-profile form (spec §3 Billing profile): receipt or invoice, ΑΦΜ/VAT number, ΔΟΥ,
// profession, address and country. Posted with intent=create_profile to the page that shows it
// (the checkout or the account's billing tab); server errors land under their fields.
import type { SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { BillingDraft } from '../../core/contacts/first-details';
import { billingProfileSchema } from '../../core/validation/checkout-forms';
import { FieldErrors, InputField, SubmitButton, useAppForm } from '../lib/forms';
import { CsrfInput } from './csrf-input';
import { PageIdInput } from './page-id-input';
import { TaxOfficeSelect } from './tax-office-select';

type ActionData = { intent: string; result?: SubmissionResult<string[]> };

/** `draft`: the first profile's details from the registrant or the account (issue #25 §4). */
export function NewProfile({ actionData, open, draft = null }: { actionData?: ActionData; open: boolean; draft?: BillingDraft | null }) {
  const { t } = useTranslation('checkout');
  const { fields, formProps, errorSummary } = useAppForm({ id: 'new-profile', schema: billingProfileSchema, lastResult: actionData?.intent === 'create_profile' ? actionData.result : undefined, defaultValue: { type: 'REC', country: 'GR', ...(draft ?? {}) } });
  return (
    <details className="rounded border border-slate-200 p-3" open={open || actionData?.intent === 'create_profile' || undefined} data-testid="new-profile">
      <summary className="cursor-pointer font-medium">{t('new_profile')}</summary>
      <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2" {...formProps}>
        {errorSummary}
        <CsrfInput />
        <PageIdInput />
        <input type="hidden" name="intent" value="create_profile" />
        <BillingProfileFields fields={fields} countryId="profile-country" radioTestIds />
        <div className="sm:col-span-2">
          <SubmitButton intent="create_profile" className="btn-secondary" testId="profile-save">
            {t('save_profile')}
          </SubmitButton>
        </div>
      </Form>
    </details>
  );
}

export function CountryOptions({ id, defaultValue }: { id: string; defaultValue: string }) {
  const { t } = useTranslation();
  const codes = ['GR', 'CY', 'AT', 'BE', 'BG', 'CH', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GB', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'UA'];
  return (
    <select id={id} name="country" defaultValue={defaultValue} className="mt-1 w-full rounded border border-slate-300 px-3 py-2" data-testid="profile-country">
      {codes.map((c) => (
        <option key={c} value={c}>
          {t(`countries:${c}`)}
        </option>
      ))}
    </select>
  );
}

type ProfileFields = ReturnType<typeof useAppForm<typeof billingProfileSchema>>['fields'];

/** The profile's fields, shared by the new-profile form and the account's edit form. */
export function BillingProfileFields({ fields, countryId, radioTestIds = false }: { fields: ProfileFields; countryId: string; radioTestIds?: boolean }) {
  const { t } = useTranslation('checkout');
  return (
    <>
      <fieldset className="sm:col-span-2">
        <legend className="text-sm font-medium">{t('document_type')}</legend>
        <div className="mt-1 flex gap-4 text-sm">
          {(['REC', 'INV'] as const).map((v) => (
            <label key={v} className="flex items-center gap-1">
              <input type="radio" name="type" value={v} defaultChecked={(fields.type.initialValue ?? 'REC') === v} data-testid={radioTestIds ? `type-${v}` : undefined} />
              {v === 'INV' ? t('invoice') : t('receipt')}
            </label>
          ))}
        </div>
      </fieldset>
      <InputField className="sm:col-span-2" meta={fields.name} label={t('name')} autoComplete="organization" />
      <InputField meta={fields.vat_number} label={t('vat_number')} hint={t('vat_number_hint')} />
      <TaxOfficeSelect meta={fields.tax_office} />
      <InputField className="sm:col-span-2" meta={fields.profession} label={t('profession')} />
      <InputField className="sm:col-span-2" meta={fields.address} label={t('address')} autoComplete="address-line1" />
      <InputField meta={fields.city} label={t('city')} autoComplete="address-level2" />
      <InputField meta={fields.postcode} label={t('postcode')} autoComplete="postal-code" />
      <div>
        <label htmlFor={countryId} className="block text-sm font-medium">
          {t('country')}
        </label>
        <CountryOptions id={countryId} defaultValue={String(fields.country.initialValue ?? 'GR')} />
        <FieldErrors id={fields.country.errorId} errors={fields.country.errors} />
      </div>
    </>
  );
}
