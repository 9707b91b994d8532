// Editing a billing profile in the account (spec §2 Account area: listed, edited, deleted, set as
// default). Opened by the row's Edit link (`?edit=<id>`, so it works without JavaScript); posted with
// intent=update_profile; the server runs the same checks as for a new profile (ΑΦΜ, ΔΟΥ, VIES).
import { Form, Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { billingProfileSchema } from '../../../core/validation/checkout-forms';
import { FieldErrors, InputField, NoChangesAlert, SubmitButton, useAppForm, useNoChangesGuard } from '../../lib/forms';
import { BillingProfileFields } from '../billing-profile-form';
import { CsrfInput } from '../csrf-input';
import { PageIdInput } from '../page-id-input';
import { Outcome, type AccountActionData } from './outcome';

export type EditableProfile = { id: number; type: string; name: string; vatNumber: string | null; taxOffice: string | null; profession: string | null; address: string; city: string; postcode: string; country: string };

export function EditProfile({ profile, actionData }: { profile: EditableProfile; actionData?: AccountActionData }) {
  const { t } = useTranslation('checkout');
  const { fields, formProps, formRef, errorSummary } = useAppForm({
    id: 'edit-profile',
    schema: billingProfileSchema,
    lastResult: actionData?.intent === 'update_profile' ? actionData.result : undefined,
    defaultValue: {
      type: profile.type,
      name: profile.name,
      vat_number: profile.vatNumber ?? '',
      tax_office: profile.taxOffice ?? '',
      profession: profile.profession ?? '',
      address: profile.address,
      city: profile.city,
      postcode: profile.postcode,
      country: profile.country,
    },
  });
  const noChanges = useNoChangesGuard(formRef, profile);
  return (
    <section className="rounded border border-blue-200 bg-blue-50/40 p-3" aria-labelledby="edit-profile-title" data-testid="edit-profile">
      <h3 id="edit-profile-title" className="font-semibold">
        {t('portal:billing.edit_title', { name: profile.name })}
      </h3>
      <NoChangesAlert unchanged={noChanges.unchanged} />
      <Outcome actionData={actionData} intents={['update_profile']} />
      {/* Back to this profile's form on an error, with or without JavaScript. */}
      <Form method="post" action={`/account/billing?edit=${profile.id}`} className="mt-3 grid gap-3 sm:grid-cols-2" {...formProps} onSubmit={noChanges.wrap(formProps.onSubmit)}>
        {errorSummary}
        <CsrfInput />
        <PageIdInput />
        <input type="hidden" name="intent" value="update_profile" />
        <input type="hidden" name="id" value={profile.id} />
        <BillingProfileFields fields={fields} countryId="edit-profile-country" />
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <SubmitButton intent="update_profile" testId="profile-update">
            {t('save_profile')}
          </SubmitButton>
          <Link to="/account/billing" className="link-button text-sm" data-testid="profile-edit-cancel">
            {t('portal:billing.cancel_edit')}
          </Link>
        </div>
      </Form>
    </section>
  );
}
