// An editable list of rows (nameservers ns[0..n], or a host's addresses ips[0..n]) for the portal's
// nameserver forms. Without JavaScript the add/remove buttons post intent=add_row / remove_row:n and the
// action answers the same form with one row more or less (applyRowIntent); with JavaScript they are
// conform's list intents and nothing is posted. Errors of a row show under it (spec §5: a server error
// '{something}.{n}' lands on row n+1), errors of the whole list under the last row.
import { getInputProps, type FieldMetadata, type FormMetadata } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { FieldErrors, useHydrated } from '../../lib/forms';

/**
 * The no-JavaScript row buttons as conform list intents on `list`, so the action can parse the form and
 * reply with the changed list. Returns false when the post was not a row button.
 */
export function applyRowIntent(form: FormData, list: string): boolean {
  const intent = String(form.get('intent') ?? '');
  if (intent === 'add_row') form.set('__intent__', JSON.stringify({ type: 'insert', payload: { name: list } }));
  else if (/^remove_row:\d+$/.test(intent)) form.set('__intent__', JSON.stringify({ type: 'remove', payload: { name: list, index: Number(intent.slice('remove_row:'.length)) } }));
  else return false;
  return true;
}

type Props = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form of the portal holding this list
  form: FormMetadata<any, string[]>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- ns or ips of any of the forms
  field: FieldMetadata<(string | undefined)[] | undefined, any, string[]>;
  /** Label of row n (1-based), e.g. 'Nameserver 3'. */
  label: (n: number) => string;
  addLabel: string;
  max?: number;
  testId: string;
  placeholder?: string;
  inputMode?: 'text' | 'decimal';
};

export function NameserverRows({ form, field, label, addLabel, max, testId, placeholder, inputMode }: Props) {
  const { t } = useTranslation('nameservers');
  const hydrated = useHydrated();
  const rows = field.getFieldList();
  const full = max !== undefined && rows.length >= max;
  return (
    <div className="space-y-2" data-testid={testId}>
      {rows.map((row, i) => {
        const props = getInputProps(row, { type: 'text' });
        return (
          <div key={row.key}>
            <label htmlFor={row.id} className="block text-sm font-medium">
              {label(i + 1)}
            </label>
            <div className="mt-1 flex gap-2">
              <input
                {...props}
                key={props.key}
                required={false}
                placeholder={placeholder}
                inputMode={inputMode}
                autoCapitalize="none"
                spellCheck={false}
                className="w-full min-w-0 rounded border border-slate-300 px-3 py-2 aria-[invalid=true]:border-red-600"
                data-testid={`${testId}-${i}`}
              />
              {rows.length > 1 ? (
                <button
                  type="submit"
                  name="intent"
                  value={`remove_row:${i}`}
                  formNoValidate
                  className="btn-secondary shrink-0 px-3 py-1 text-sm"
                  aria-label={t('remove_row', { label: label(i + 1) })}
                  onClick={
                    hydrated
                      ? (e) => {
                          e.preventDefault();
                          form.remove({ name: field.name, index: i });
                        }
                      : undefined
                  }
                  data-testid={`${testId}-remove-${i}`}
                >
                  {t('remove')}
                </button>
              ) : null}
            </div>
            <FieldErrors id={row.errorId} errors={row.errors} />
          </div>
        );
      })}
      <FieldErrors id={field.errorId} errors={field.errors} />
      {!full ? (
        <button
          type="submit"
          name="intent"
          value="add_row"
          formNoValidate
          className="link-button text-sm"
          onClick={
            hydrated
              ? (e) => {
                  e.preventDefault();
                  form.insert({ name: field.name });
                }
              : undefined
          }
          data-testid={`${testId}-add`}
        >
          + {addLabel}
        </button>
      ) : null}
    </div>
  );
}
