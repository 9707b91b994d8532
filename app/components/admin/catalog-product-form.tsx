// The hosting product form of the back office (issue #22 §2), one for the new and the edit page: SKU
// (checked while typing through /admin/catalog/check, and again by the save), family, names, the
// attribute values, a price and an offer price per length, the set-up fee, the options per category
// and the promotion the offer prices run under (each with its countdown). A plain POST: without
// JavaScript it posts and comes back with the errors next to their fields and the values kept.
// Repeated rows (lengths, options) come with blank rows to fill; a blank row is ignored.
import { Form, useFetcher } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HOSTING_FAMILIES, OPTION_CATEGORIES, PRODUCT_LENGTHS, type FieldError } from '../../../core/catalog-admin';
import { CsrfInput } from '../csrf-input';
import { NoChangesAlert, SubmitButton, useNoChangesGuard } from '../../lib/forms';
import type { FormValues } from '../../lib/admin-catalog.server';
import { athensFormat } from '../../lib/date-format';

type Attribute = { id: number; name: string; labelEl: string; labelEn: string };
type Promotion = { id: number; name: string; titleEl: string; titleEn: string; startsAt: number; softEndAt: number; status: string };

type Props = {
  values: FormValues;
  errors: Record<string, FieldError>;
  attributes: Attribute[];
  promotions: Promotion[];
  now: number;
  productId: number | null;
  readOnly: boolean;
};

const INPUT = 'mt-1 w-full rounded border border-slate-300 px-3 py-2 aria-[invalid=true]:border-red-600';

function FieldMessage({ id, error }: { id: string; error?: FieldError }) {
  const { t } = useTranslation('admincatalog');
  if (!error) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700" data-testid={`${id}`}>
      {t(error.key, error.params)}
    </p>
  );
}

/** "ends in 3 days 4 h", or "starts in …" before its start: the countdown of spec §4 promotions. */
export function PromotionCountdown({ p, now }: { p: Pick<Promotion, 'startsAt' | 'softEndAt'>; now: number }) {
  const { t } = useTranslation('admincatalog');
  const before = now < p.startsAt;
  const ms = Math.max(0, (before ? p.startsAt : p.softEndAt) - now);
  const days = Math.floor(ms / 86_400_000);
  const hours = Math.floor((ms % 86_400_000) / 3_600_000);
  return <span data-testid="promotion-countdown">{t(before ? 'promotion.starts_in' : 'promotion.ends_in', { days, hours })}</span>;
}

function SkuField({ initial, error, productId, disabled }: { initial: string; error?: FieldError; productId: number | null; disabled: boolean }) {
  const { t } = useTranslation('admincatalog');
  const fetcher = useFetcher<{ sku: string; valid: boolean; available: boolean }>();
  const [sku, setSku] = useState(initial);
  const [typed, setTyped] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const onChange = (v: string) => {
    setSku(v);
    setTyped(true);
    clearTimeout(timer.current);
    const value = v.trim();
    if (!value) return;
    timer.current = setTimeout(() => fetcher.load(`/admin/catalog/check?sku=${encodeURIComponent(value)}${productId ? `&except=${productId}` : ''}`), 250);
  };
  const live = fetcher.data && fetcher.data.sku === sku.trim() ? fetcher.data : null;
  const shown: FieldError | undefined = typed
    ? live && !live.valid
      ? { key: 'errors.sku_format' }
      : live && !live.available
        ? { key: 'errors.sku_taken', params: { sku: live.sku } }
        : undefined
    : error;
  return (
    <div>
      <label htmlFor="product-sku" className="block text-sm font-medium">
        {t('form.sku')}
      </label>
      <input
        id="product-sku"
        name="sku"
        value={sku}
        onChange={(e) => onChange(e.target.value)}
        required
        maxLength={40}
        autoComplete="off"
        spellCheck={false}
        disabled={disabled}
        aria-invalid={shown ? true : undefined}
        aria-describedby={`product-sku-hint${shown ? ' sku-error' : ''}`}
        className={`${INPUT} font-mono`}
        data-testid="product-sku"
      />
      <p id="product-sku-hint" className="mt-1 text-xs text-slate-600">
        {t('form.sku_hint')}
      </p>
      <div aria-live="polite">
        <FieldMessage id="sku-error" error={shown} />
        {typed && live?.valid && live.available ? (
          <p className="mt-1 text-sm text-emerald-800" data-testid="sku-free">
            {t('form.sku_free', { sku: live.sku })}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function TextField({ name, label, values, errors, disabled, required = false, max = 120 }: { name: string; label: string; values: FormValues; errors: Record<string, FieldError>; disabled: boolean; required?: boolean; max?: number }) {
  const id = `product-${name.replace(/_/g, '-')}`;
  const error = errors[name];
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input id={id} name={name} defaultValue={values[name]?.[0] ?? ''} required={required} maxLength={max} disabled={disabled} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} className={INPUT} data-testid={id} />
      <FieldMessage id={`${id}-error`} error={error} />
    </div>
  );
}

/** The stored rows plus `blank` empty ones to fill in. */
function rows(values: FormValues, key: string, blank: number): number {
  return (values[key]?.length ?? 0) + blank;
}

export function CatalogProductForm({ values, errors, attributes, promotions, now, productId, readOnly }: Props) {
  const { t, i18n } = useTranslation('admincatalog');
  const en = i18n.language === 'en';
  const v = (key: string, i: number) => values[key]?.[i] ?? '';
  const priceRows = rows(values, 'price_months', 2);
  const optionRows = rows(values, 'opt_name', 2);
  // Spec §5 NOCHANGES on the edit page: an unchanged form warns instead of posting (with JavaScript).
  const formRef = useRef<HTMLFormElement>(null);
  const { unchanged, wrap } = useNoChangesGuard(formRef, values);
  const cell = (name: string, i: number, label: string, extra: { mono?: boolean; max?: number } = {}) => {
    const err = errors[`${name}.${i}`];
    const id = `${name}-${i}`;
    return (
      <div>
        <label htmlFor={id} className="block text-xs font-medium text-slate-700">
          {label}
        </label>
        <input id={id} name={name} defaultValue={v(name, i)} disabled={readOnly} maxLength={extra.max ?? 60} aria-invalid={err ? true : undefined} aria-describedby={err ? `${id}-error` : undefined} className={`${INPUT} ${extra.mono ? 'font-mono' : ''}`} data-testid={id} />
        <FieldMessage id={`${id}-error`} error={err} />
      </div>
    );
  };
  return (
    <Form ref={formRef} method="post" className="mt-6 space-y-8" data-testid="product-form" noValidate onSubmit={productId !== null ? wrap(() => undefined) : undefined}>
      <CsrfInput />
      <NoChangesAlert unchanged={unchanged} />
      <fieldset className="grid gap-4 md:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">{t('form.product')}</legend>
        <SkuField initial={values.sku?.[0] ?? ''} error={errors.sku} productId={productId} disabled={readOnly} />
        <div>
          <label htmlFor="product-family" className="block text-sm font-medium">
            {t('form.family')}
          </label>
          <select id="product-family" name="family" defaultValue={values.family?.[0] ?? 'shared_linux'} disabled={readOnly} aria-invalid={errors.family ? true : undefined} aria-describedby={errors.family ? 'product-family-error' : undefined} className={INPUT} data-testid="product-family">
            {HOSTING_FAMILIES.map((f) => (
              <option key={f} value={f}>
                {t(`catalog:families.${f}.title`)}
              </option>
            ))}
          </select>
          <FieldMessage id="product-family-error" error={errors.family} />
        </div>
        <TextField name="name_el" label={t('form.name_el')} values={values} errors={errors} disabled={readOnly} required />
        <TextField name="name_en" label={t('form.name_en')} values={values} errors={errors} disabled={readOnly} required />
        <TextField name="summary_el" label={t('form.summary_el')} values={values} errors={errors} disabled={readOnly} max={300} />
        <TextField name="summary_en" label={t('form.summary_en')} values={values} errors={errors} disabled={readOnly} max={300} />
        <TextField name="setup_fee" label={t('form.setup_fee')} values={values} errors={errors} disabled={readOnly} max={20} />
        <div className="flex items-center gap-2 self-end pb-2">
          <input id="product-active" type="checkbox" name="active" defaultChecked={(values.active?.[0] ?? '') === 'on'} disabled={readOnly} className="h-4 w-4" data-testid="product-active" />
          <label htmlFor="product-active" className="text-sm font-medium">
            {t('form.active')}
          </label>
        </div>
      </fieldset>

      <fieldset>
        <legend className="mb-1 text-lg font-semibold">{t('form.prices')}</legend>
        <p className="mb-3 text-sm text-slate-600">{t('form.prices_hint')}</p>
        <FieldMessage id="price-amount-error" error={errors.price_amount} />
        <div className="space-y-3">
          {Array.from({ length: priceRows }, (_, i) => (
            <div key={i} className="grid gap-3 rounded border border-slate-200 p-3 sm:grid-cols-3" data-testid={`price-row-${i}`}>
              <div>
                <label htmlFor={`price_months-${i}`} className="block text-xs font-medium text-slate-700">
                  {t('form.length')}
                </label>
                <select id={`price_months-${i}`} name="price_months" defaultValue={v('price_months', i) || '12'} disabled={readOnly} aria-invalid={errors[`price_months.${i}`] ? true : undefined} aria-describedby={errors[`price_months.${i}`] ? `price_months-${i}-error` : undefined} className={INPUT} data-testid={`price_months-${i}`}>
                  {PRODUCT_LENGTHS.map((m) => (
                    <option key={m} value={m}>
                      {m < 12 ? t('form.months', { count: m }) : t('form.years', { count: m / 12 })}
                    </option>
                  ))}
                </select>
                <FieldMessage id={`price_months-${i}-error`} error={errors[`price_months.${i}`]} />
              </div>
              {cell('price_amount', i, t('form.price_total'), { max: 20 })}
              {cell('price_promo', i, t('form.price_promo'), { max: 20 })}
            </div>
          ))}
        </div>
        <div className="mt-4">
          <label htmlFor="product-promotion" className="block text-sm font-medium">
            {t('form.promotion')}
          </label>
          <select id="product-promotion" name="promotion_id" defaultValue={values.promotion_id?.[0] ?? ''} disabled={readOnly} aria-invalid={errors.promotion_id ? true : undefined} aria-describedby={`product-promotion-hint${errors.promotion_id ? ' product-promotion-error' : ''}`} className={INPUT} data-testid="product-promotion">
            <option value="">{t('form.no_promotion')}</option>
            {promotions.map((p) => (
              <option key={p.id} value={p.id}>
                {en ? p.titleEn : p.titleEl} ({p.name})
              </option>
            ))}
          </select>
          <FieldMessage id="product-promotion-error" error={errors.promotion_id} />
          <ul id="product-promotion-hint" className="mt-2 space-y-1 text-xs text-slate-600">
            {promotions.map((p) => (
              <li key={p.id}>
                {p.name}: <time dateTime={new Date(p.startsAt).toISOString()}>{athensFormat(en ? 'en' : 'el', {}).format(new Date(p.startsAt))}</time>
                {' – '}
                <time dateTime={new Date(p.softEndAt).toISOString()}>{athensFormat(en ? 'en' : 'el', {}).format(new Date(p.softEndAt))}</time> · <PromotionCountdown p={p} now={now} />
              </li>
            ))}
          </ul>
        </div>
      </fieldset>

      <fieldset>
        <legend className="mb-1 text-lg font-semibold">{t('form.attributes')}</legend>
        {attributes.length === 0 ? (
          <p className="text-sm text-slate-600">{t('form.no_attributes')}</p>
        ) : (
          <div className="grid gap-3 md:grid-cols-3">
            {attributes.map((a) => (
              <div key={a.id}>
                <label htmlFor={`attr-${a.id}`} className="block text-sm font-medium">
                  {en ? a.labelEn : a.labelEl} <span className="font-mono text-xs text-slate-600">({a.name})</span>
                </label>
                <input id={`attr-${a.id}`} name={`attr_${a.id}`} defaultValue={values[`attr_${a.id}`]?.[0] ?? ''} maxLength={120} disabled={readOnly} className={INPUT} data-testid={`attr-${a.name}`} />
              </div>
            ))}
          </div>
        )}
      </fieldset>

      <fieldset>
        <legend className="mb-1 text-lg font-semibold">{t('form.options')}</legend>
        <p className="mb-3 text-sm text-slate-600">{t('form.options_hint')}</p>
        <div className="space-y-3">
          {Array.from({ length: optionRows }, (_, i) => (
            <div key={i} className="grid gap-3 rounded border border-slate-200 p-3 sm:grid-cols-3 lg:grid-cols-6" data-testid={`option-row-${i}`}>
              <div>
                <label htmlFor={`opt_category-${i}`} className="block text-xs font-medium text-slate-700">
                  {t('form.option_category')}
                </label>
                <select id={`opt_category-${i}`} name="opt_category" defaultValue={v('opt_category', i) || 'hardware'} disabled={readOnly} className={INPUT}>
                  {OPTION_CATEGORIES.map((c) => (
                    <option key={c} value={c}>
                      {t(`categories.${c}`)}
                    </option>
                  ))}
                </select>
                <FieldMessage id={`opt_category-${i}-error`} error={errors[`opt_category.${i}`]} />
              </div>
              {cell('opt_name', i, t('form.option_name'), { mono: true, max: 40 })}
              {cell('opt_value', i, t('form.option_value'), { mono: true })}
              {cell('opt_label_el', i, t('form.option_label_el'), { max: 120 })}
              {cell('opt_label_en', i, t('form.option_label_en'), { max: 120 })}
              {cell('opt_price', i, t('form.option_price'), { max: 20 })}
            </div>
          ))}
        </div>
      </fieldset>
      {readOnly ? null : (
        <SubmitButton intent="save" testId="product-save">
          {t('form.save')}
        </SubmitButton>
      )}
    </Form>
  );
}
