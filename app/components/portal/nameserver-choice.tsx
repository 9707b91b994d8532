// Where a domain's nameservers come from (issue #12 §3): the registrar's default, one of my groups, or a
// custom list. Shared by a domain's nameservers page and the bulk apply. Without JavaScript every part
// is shown and the checked radio decides; with it only the chosen part is.
import { type FieldMetadata, type FormMetadata } from '@conform-to/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NameserverMode } from '../../../core/validation/nameserver-forms';
import { FieldErrors, useHydrated } from '../../lib/forms';
import { NameserverRows } from './nameserver-rows';

export type GroupOption = { id: number; name: string; nameservers: string[] };

type Props = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the delegation and apply forms
  form: FormMetadata<any, string[]>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's field types of either form
  fields: { mode: FieldMetadata<any, any, string[]>; group_id: FieldMetadata<any, any, string[]>; ns: FieldMetadata<(string | undefined)[] | undefined, any, string[]> };
  groups: GroupOption[];
  defaults: string[];
  initialMode: NameserverMode;
  initialGroupId: number | null;
  limits: { min: number; max: number } | null;
};

export function NameserverChoice({ form, fields, groups, defaults, initialMode, initialGroupId, limits }: Props) {
  const { t } = useTranslation('nameservers');
  const hydrated = useHydrated();
  const [mode, setMode] = useState<NameserverMode>(initialMode);
  const show = (m: NameserverMode) => !hydrated || mode === m;
  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="text-sm font-semibold">{t('source')}</legend>
        <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-6">
          {(['default', 'group', 'custom'] as const).map((m) => (
            <label key={m} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={fields.mode.name}
                value={m}
                defaultChecked={initialMode === m}
                onChange={() => setMode(m)}
                disabled={m === 'group' && groups.length === 0}
                data-testid={`ns-mode-${m}`}
              />
              {t(`mode_${m}`)}
            </label>
          ))}
        </div>
        <FieldErrors id={fields.mode.errorId} errors={fields.mode.errors} />
      </fieldset>

      {show('default') ? (
        <div className="rounded border border-slate-200 p-3 text-sm" data-testid="ns-default">
          <p className="font-medium">{t('mode_default')}</p>
          <p className="mt-1 break-all text-slate-700">{defaults.join(', ')}</p>
        </div>
      ) : null}

      {show('group') ? (
        <div className="rounded border border-slate-200 p-3">
          {/* With no group there is no control to label: a plain heading then. */}
          {groups.length ? (
            <label htmlFor={fields.group_id.id} className="block text-sm font-medium">
              {t('group')}
            </label>
          ) : (
            <p className="block text-sm font-medium">{t('group')}</p>
          )}
          {groups.length ? (
            <select
              id={fields.group_id.id}
              name={fields.group_id.name}
              defaultValue={initialGroupId ?? groups[0]?.id}
              aria-invalid={fields.group_id.errors ? true : undefined}
              aria-describedby={fields.group_id.errors ? fields.group_id.errorId : undefined}
              className="mt-1 w-full rounded border border-slate-300 px-2 py-2 text-sm"
              data-testid="ns-group"
            >
              {groups.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name} ({g.nameservers.join(', ')})
                </option>
              ))}
            </select>
          ) : (
            <p className="mt-1 text-sm text-slate-700">
              {t('no_groups')}{' '}
              <a href="/account/nameservers" className="link-button">
                {t('create_group')}
              </a>
            </p>
          )}
          <FieldErrors id={fields.group_id.errorId} errors={fields.group_id.errors} />
        </div>
      ) : null}

      {show('custom') ? (
        <div className="rounded border border-slate-200 p-3">
          <p className="mb-2 text-sm font-medium">{t('mode_custom')}</p>
          {limits ? <p className="mb-2 text-xs text-slate-600">{t('limits', { min: limits.min, max: limits.max })}</p> : null}
          <NameserverRows form={form} field={fields.ns} label={(n) => t('ns_n', { n })} addLabel={t('add_ns')} max={limits?.max} testId="ns" placeholder="ns1.example.gr" />
          <p className="mt-2 text-xs text-slate-600">{t('idn_hint')}</p>
        </div>
      ) : null}
    </div>
  );
}
