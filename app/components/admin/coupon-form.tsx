// The coupon form of the back office (issue #22 §2), shared by the new-coupon page and the coupon's
// page: the schema of core/validation/coupon-forms.ts validates it in the browser (conform) and again
// in the action; a plain POST without JavaScript gets the same errors under the same fields.
import { getInputProps, type FieldMetadata, type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COUPON_AUDIENCES, COUPON_KINDS, COUPON_STATUSES, couponFormSchema } from '../../../core/validation/coupon-forms';
import { CheckboxField, choiceSelectProps, FieldErrors, FieldLabel, InputField, SubmitButton, useAppForm, useHydrated } from '../../lib/forms';
import { CsrfInput } from '../csrf-input';

type Props = {
  mode: 'create' | 'edit';
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Record<string, unknown>;
};

function DateField({ meta, label }: { meta: FieldMetadata<string | undefined>; label: string }) {
  const props = getInputProps(meta, { type: 'date' });
  return (
    <div>
      <FieldLabel htmlFor={meta.id}>{label}</FieldLabel>
      <input {...props} key={props.key} className="mt-1 w-full rounded border border-slate-300 px-3 py-2 aria-[invalid=true]:border-red-600" />
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function CouponForm({ mode, lastResult, defaultValue }: Props) {
  const { t } = useTranslation('admincoupons');
  const { fields, formProps, errorSummary } = useAppForm({ id: `coupon-${mode}`, schema: couponFormSchema, lastResult, defaultValue: defaultValue ?? { kind: 'percent', audience: 'all', status: 'active' } });
  const [kind, setKind] = useState(String(fields.kind.initialValue ?? 'percent'));
  // Without JavaScript both discount fields show (the chosen kind decides which one counts); with it,
  // only the chosen kind's field.
  const hydrated = useHydrated();
  const intent = mode === 'create' ? 'create' : 'update';
  return (
    <Form method="post" className="mt-4 grid max-w-3xl gap-5" data-testid="coupon-form" {...formProps}>
      {errorSummary}
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      {mode === 'create' ? (
        <InputField meta={fields.code} label={t('form.code')} hint={t('form.code_hint')} autoComplete="off" maxLength={32} />
      ) : (
        <input type="hidden" name={fields.code.name} value={String(fields.code.initialValue ?? '')} />
      )}
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1 text-base font-semibold">{t('form.discount')}</legend>
        <div className="flex gap-4 text-sm sm:col-span-2" role="radiogroup" aria-label={t('form.discount')}>
          {COUPON_KINDS.map((k) => (
            <label key={k} className="flex items-center gap-1">
              <input type="radio" name={fields.kind.name} value={k} defaultChecked={kind === k} onChange={() => setKind(k)} data-testid={`coupon-kind-${k}`} />
              {t(`kind.${k}`)}
            </label>
          ))}
        </div>
        <div className="sm:col-span-2">
          <FieldErrors id={fields.kind.errorId} errors={fields.kind.errors} />
        </div>
        <InputField meta={fields.amount} label={t('form.amount')} hint={t('form.amount_hint')} inputMode="decimal" autoComplete="off" className={hydrated && kind !== 'amount' ? 'hidden' : undefined} />
        <InputField meta={fields.percent} label={t('form.percent')} inputMode="numeric" autoComplete="off" className={hydrated && kind !== 'percent' ? 'hidden' : undefined} />
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-base font-semibold">{t('form.audience')}</legend>
        <div>
          <FieldLabel htmlFor={fields.audience.id}>{t('form.audience')}</FieldLabel>
          <select {...choiceSelectProps(fields.audience)} key={fields.audience.key} className="mt-1 w-full rounded border border-slate-300 px-3 py-2" data-testid="coupon-audience">
            {COUPON_AUDIENCES.map((a) => (
              <option key={a} value={a}>
                {t(`audience.${a}`)}
              </option>
            ))}
          </select>
          <FieldErrors id={fields.audience.errorId} errors={fields.audience.errors} />
        </div>
        <CheckboxField meta={fields.never_ordered} label={t('form.never_ordered')} />
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1 text-base font-semibold">{t('form.dates')}</legend>
        <DateField meta={fields.valid_from} label={t('form.valid_from')} />
        <DateField meta={fields.valid_to} label={t('form.valid_to')} />
        <p className="text-xs text-slate-600 sm:col-span-2">{t('form.dates_hint')}</p>
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1 text-base font-semibold">{t('form.limits')}</legend>
        <InputField meta={fields.max_redemptions} label={t('form.max_redemptions')} hint={t('form.limit_hint')} inputMode="numeric" autoComplete="off" />
        <InputField meta={fields.max_per_customer} label={t('form.max_per_customer')} hint={t('form.limit_hint')} inputMode="numeric" autoComplete="off" />
        <InputField meta={fields.min_order} label={t('form.min_order')} hint={t('form.amount_hint')} inputMode="decimal" autoComplete="off" />
        <div className="sm:col-span-2">
          <CheckboxField meta={fields.allow_zero_total} label={t('form.allow_zero_total')} />
        </div>
      </fieldset>
      <div>
        <FieldLabel htmlFor={fields.status.id}>{t('form.status')}</FieldLabel>
        <select {...choiceSelectProps(fields.status)} key={fields.status.key} className="mt-1 w-full rounded border border-slate-300 px-3 py-2 sm:w-auto" data-testid="coupon-status">
          {COUPON_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status_option.${s}`)}
            </option>
          ))}
        </select>
        <FieldErrors id={fields.status.errorId} errors={fields.status.errors} />
      </div>
      {mode === 'edit' ? <p className="text-sm text-slate-700">{t('form.orders_unchanged')}</p> : null}
      <div>
        <SubmitButton intent={intent} testId="coupon-save">
          {mode === 'create' ? t('form.create') : t('form.save')}
        </SubmitButton>
      </div>
    </Form>
  );
}
