// The ΔΟΥ of a Greek invoice (issue #13 §1): AADE's offices grouped by region in <optgroup>s, so the
// list is easy to scan and works without JavaScript (typing a letter jumps within the open select).
// The select posts the office's code; the server stores its name. A value saved before the list
// (free text) that matches no office is shown under the field, so the customer sees what to replace.
import type { FieldMetadata } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { findTaxOffice, taxOfficesByRegion } from '../../core/greek-tax-offices';
import { FieldErrors, FieldLabel } from '../lib/forms';

const GROUPS = taxOfficesByRegion();

export function TaxOfficeSelect({ meta }: { meta: FieldMetadata<string | undefined> }) {
  const { t } = useTranslation('billing');
  const initial = typeof meta.initialValue === 'string' ? meta.initialValue : '';
  const office = findTaxOffice(initial);
  const hintId = `${meta.id}-hint`;
  return (
    <div>
      <FieldLabel htmlFor={meta.id}>{t('tax_office')}</FieldLabel>
      <select
        key={meta.key}
        id={meta.id}
        name={meta.name}
        defaultValue={office?.code ?? ''}
        aria-invalid={meta.errors?.length ? true : undefined}
        aria-describedby={[hintId, meta.errors?.length ? meta.errorId : null].filter(Boolean).join(' ')}
        className="mt-1 w-full rounded border border-slate-300 px-3 py-2 aria-[invalid=true]:border-red-600"
        data-testid="profile-tax-office"
      >
        <option value="">{t('tax_office_choose')}</option>
        {GROUPS.map((g) => (
          <optgroup key={g.region} label={g.region}>
            {g.offices.map((o) => (
              <option key={o.code} value={o.code}>
                {o.name}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        {initial && !office ? t('tax_office_legacy', { value: initial }) : t('tax_office_hint')}
      </p>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
