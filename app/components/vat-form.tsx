// The VAT control of spec §2: 'without VAT' / 'with VAT'; with VAT the country with its flag, name
// and percentage and a select of the EU countries plus OTHER; Cancel and Submit. A plain POST to
// /settings without JavaScript; with it, every price changes at once and the choice is saved
// through POST /api/user/set-cookie (spec §7).
import { Form, useLocation } from '@remix-run/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isSelectableVatCountry } from '../../core/catalog';
import { percentFromRate, resolveVatDisplay } from '../../core/vat';
import { useRootData } from '../lib/root-data';
import { postJson } from '../lib/request';
import { useUi } from '../lib/ui';
import { useVat } from '../lib/vat';
import { CsrfInput } from './csrf-input';
import { Flag } from './flag';

/** Spec §9 "VAT submit delay": the saved state shows for a moment before the control closes. */
export const VAT_SUBMIT_DELAY_MS = 500;

export function VatForm({ onDone, variant, returnTo = '/' }: { onDone?: () => void; variant: 'modal' | 'section' | 'page'; returnTo?: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'el';
  const { display, countries, setDisplay, profile } = useVat();
  const { csrfToken } = useRootData();
  const { reportFailure } = useUi();
  const location = useLocation();
  const id = useId();
  const [show, setShow] = useState(display.show ? 'yes' : 'no');
  const [country, setCountry] = useState(display.country);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setShow(display.show ? 'yes' : 'no');
    setCountry(display.country);
  }, [display.show, display.country]);

  // Spec §2: the select lists the EU countries plus OTHER.
  const selectable = countries.filter(isSelectableVatCountry);
  const chosen = countries.find((c) => c.iso2 === country) ?? countries[0];
  const countryName = (iso2: string) => t(`countries:${iso2}`);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const previous = display;
    const next = resolveVatDisplay({ showVat: show, countryVat: country }, countries);
    setDisplay(next);
    setBusy(true);
    const token = { token: csrfToken };
    // Country first, then the switch, one after the other: if the second call fails, what is stored
    // is still a consistent choice (the old switch with a country the visitor picked).
    const saved = await postJson('/api/user/set-cookie', { cName: 'countryVat', cValue: country, cAction: 'set' }, token);
    const failed = saved.ok ? await postJson('/api/user/set-cookie', { cName: 'showVat', cValue: show, cAction: 'set' }, token) : saved;
    if (!failed.ok) {
      // Nothing is lost: the prices go back to what is stored and the form keeps the choice.
      setDisplay(resolveVatDisplay({ showVat: previous.show ? 'yes' : 'no', countryVat: saved.ok ? country : previous.country }, countries));
      setBusy(false);
      reportFailure(failed);
      return;
    }
    window.setTimeout(() => {
      setBusy(false);
      onDone?.();
    }, VAT_SUBMIT_DELAY_MS);
  }

  function onCancel() {
    setShow(display.show ? 'yes' : 'no');
    setCountry(display.country);
    onDone?.();
  }

  const disabled = display.forcedOff;
  return (
    <Form method="post" action="/settings" onSubmit={onSubmit} className="vat-form space-y-4" data-testid={`vat-form-${variant}`}>
      <CsrfInput />
      <input type="hidden" name="intent" value="vat" />
      <input type="hidden" name="redirectTo" value={variant === 'page' ? returnTo : location.pathname + location.search} />
      <fieldset className="space-y-2" disabled={disabled}>
        <legend className="mb-2 font-semibold">{t('vat.legend')}</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="showVat" value="no" checked={show === 'no'} onChange={() => setShow('no')} />
          {t('vat.without')}
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="showVat" value="yes" checked={show === 'yes'} onChange={() => setShow('yes')} />
          {t('vat.with')}
        </label>
        {disabled ? <p className="text-sm text-amber-800">{t('vat.forced_off')}</p> : null}
      </fieldset>
      {/* Spec §7: the default billing profile, an invoice by its name, otherwise the 'receipt' label. */}
      {profile ? (
        <p className="text-sm text-slate-700" data-testid="vat-profile" data-type={profile.type}>
          {t('billing:widget_profile')}: <span className="font-medium">{profile.type === 'inv' ? profile.name : t('billing:widget_receipt')}</span>
        </p>
      ) : null}
      <div className="vat-country space-y-2">
        {chosen ? (
          <p className="flex items-center gap-2 text-sm" data-testid="vat-country-summary">
            <Flag iso2={chosen.iso2} />
            <span>{countryName(chosen.iso2)}</span>
            <span className="font-semibold">{percentFromRate(chosen.vatRateBp, lang)}%</span>
          </p>
        ) : null}
        <label htmlFor={`${id}-country`} className="block text-sm font-medium">
          {t('vat.country')}
        </label>
        <select
          id={`${id}-country`}
          name="countryVat"
          value={country}
          onChange={(e) => setCountry(e.target.value)}
          disabled={disabled}
          className="w-full rounded border border-slate-300 bg-white px-3 py-2"
        >
          {selectable.map((c) => (
            <option key={c.iso2} value={c.iso2}>
              {countryName(c.iso2)} ({percentFromRate(c.vatRateBp, lang)}%)
            </option>
          ))}
        </select>
      </div>
      <div className="flex justify-end gap-3 pt-2">
        {variant === 'page' ? (
          <a href={returnTo} className="btn-secondary">
            {t('actions.cancel')}
          </a>
        ) : (
          <button type="button" className="btn-secondary" onClick={onCancel}>
            {t('actions.cancel')}
          </button>
        )}
        <button type="submit" className="btn-primary" disabled={busy || disabled} aria-busy={busy}>
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {t('actions.submit')}
        </button>
      </div>
    </Form>
  );
}
