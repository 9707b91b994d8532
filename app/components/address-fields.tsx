// Address and security-question blocks shared by the registration and the account area.
//
// Country, region/state, city, postcode, address and mobile: the same block in the registration's step
// 2 and the account's personal details. Country GR shows the region select, whose option values are
// the region names in the page's language (spec §5 Registration); other countries a free-text state.
// Before hydration (or without JavaScript) both are shown, labelled for which countries they serve.
import { getSelectProps, type FieldMetadata } from '@conform-to/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GR_REGION_IDS } from '../../core/greek-regions';
import { COUNTRY_CODES, SECURITY_QUESTIONS } from '../../core/validation/account-forms';
import { choiceSelectProps, FieldErrors, FieldLabel, InputField, useHydrated } from '../lib/forms';

type Text = FieldMetadata<string | undefined>;
export type AddressFieldSet = { country: Text; state_id: Text; state: Text; city: Text; postcode: Text; address: Text; mobile: Text };

const SELECT_CLASS = 'mt-1 w-full rounded border border-slate-300 px-3 py-2';

/** The country select of an address (every country of the list, named in the page's language). */
export function CountryField({ field, label, onChange }: { field: Text; label: string; onChange?: (iso: string) => void }) {
  const { t } = useTranslation();
  return (
    <div>
      <FieldLabel htmlFor={field.id} required>
        {label}
      </FieldLabel>
      <select {...choiceSelectProps(field)} key={field.key} {...(onChange ? { onChange: (e: React.ChangeEvent<HTMLSelectElement>) => onChange(e.target.value) } : {})} className={SELECT_CLASS} autoComplete="country">
        {COUNTRY_CODES.map((iso) => (
          <option key={iso} value={iso}>
            {t(`countries:${iso}`)}
          </option>
        ))}
      </select>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function AddressFields({ fields }: { fields: AddressFieldSet }) {
  const { t } = useTranslation('auth');
  const hydrated = useHydrated();
  const [country, setCountry] = useState(String(fields.country.initialValue ?? 'GR'));
  return (
    <>
      <CountryField field={fields.country} label={t('country')} onChange={setCountry} />
      {!hydrated || country === 'GR' ? (
        <div>
          <label htmlFor={fields.state_id.id} className="block text-sm font-medium">
            {hydrated ? t('region') : t('region_gr_only')}
          </label>
          <select {...getSelectProps(fields.state_id)} key={fields.state_id.key} className={SELECT_CLASS} data-testid="state-select">
            <option value="">{t('choose')}</option>
            {GR_REGION_IDS.map((id) => {
              const name = t(`countries:gr_regions.${id}`);
              return (
                <option key={id} value={name}>
                  {name}
                </option>
              );
            })}
          </select>
          <FieldErrors id={fields.state_id.errorId} errors={fields.state_id.errors} />
        </div>
      ) : null}
      {!hydrated || country !== 'GR' ? <InputField meta={fields.state} label={hydrated ? t('state') : t('state_other_countries')} autoComplete="address-level1" /> : null}
      <InputField meta={fields.city} label={t('city')} autoComplete="address-level2" />
      <InputField meta={fields.postcode} label={t('postcode')} autoComplete="postal-code" />
      <InputField className="sm:col-span-2" meta={fields.address} label={t('address')} autoComplete="address-line1" />
      <InputField meta={fields.mobile} label={t('mobile')} type="tel" autoComplete="tel" placeholder="+30 69…" hint={t('mobile_hint')} />
    </>
  );
}

export type SecurityFieldSet = { security_question: Text; security_answer: Text; birth_date: Text };

/** The security question, its answer and the birth date the security-question reset asks for. */
export function SecurityQuestionFields({ fields }: { fields: SecurityFieldSet }) {
  const { t } = useTranslation('auth');
  return (
    <>
      <div className="sm:col-span-2">
        <label htmlFor={fields.security_question.id} className="block text-sm font-medium">
          {t('security_question')}
        </label>
        <select {...getSelectProps(fields.security_question)} key={fields.security_question.key} className={SELECT_CLASS}>
          <option value="">{t('choose')}</option>
          {SECURITY_QUESTIONS.map((q) => (
            <option key={q} value={q}>
              {t(`questions.${q}`)}
            </option>
          ))}
        </select>
        <FieldErrors id={fields.security_question.errorId} errors={fields.security_question.errors} />
      </div>
      <InputField meta={fields.security_answer} label={t('security_answer')} autoComplete="off" />
      <InputField meta={fields.birth_date} label={t('birth_date')} placeholder={t('birth_date_placeholder')} inputMode="numeric" autoComplete="bday" />
    </>
  );
}
