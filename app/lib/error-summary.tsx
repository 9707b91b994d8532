// The error summary of a form (issue #25 §5; the GOV.UK pattern): a box above the form that lists every
// field's error as a link to that field. It is drawn from the form's errors, whichever found them: the
// action's answer (without JavaScript, or a server-side check) or the browser's own validation (with
// JavaScript, where nothing reaches the server), so both ways show the same summary. When a submit
// fails, it takes the focus, so a screen reader reads it and Tab goes to the first link. One component
// for every form: useAppForm (app/lib/forms.tsx) builds it for its form.
import { useEffect, useRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { decodeMessage } from '../../core/validation/messages';

export type SummaryError = { name: string; messages: string[] };

/**
 * The errors of a form as the summary lists them: one entry per field with a message, in the order
 * the form gave them; the form's own errors (no field) under the name ''.
 */
export function summaryErrors(all: Record<string, string[] | undefined> | undefined): SummaryError[] {
  return Object.entries(all ?? {})
    .filter((e): e is [string, string[]] => Array.isArray(e[1]) && e[1].length > 0)
    .map(([name, messages]) => ({ name, messages }));
}

/** With JavaScript a link also puts the focus in its field (a fragment link only scrolls to it). */
function focusField(event: MouseEvent<HTMLAnchorElement>) {
  const target = document.getElementById(event.currentTarget.hash.slice(1));
  if (!target) return;
  event.preventDefault();
  target.scrollIntoView({ block: 'center' });
  target.focus({ preventScroll: true });
}

export function ErrorSummary({
  formId,
  errors,
  ids,
  focusKey,
  code,
  testId = 'error-summary',
}: {
  formId: string;
  errors: SummaryError[];
  /** A field whose input is not conform's `${formId}-${name}` (the captcha …): its element id. */
  ids?: Record<string, string>;
  /** Changes on every failed submit: the summary then takes the focus. */
  focusKey?: number;
  /** The §8 code the action answered with, kept on the element for tests and support. */
  code?: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const shown = errors.length > 0;
  useEffect(() => {
    // Without a scroll: spec §5 scrolls to the first error itself (app/lib/forms.tsx).
    if (focusKey && shown) ref.current?.focus({ preventScroll: !window.location.href.includes('auth') });
  }, [focusKey, shown]);
  if (!shown) return null;
  const titleId = `${formId}-summary-title`;
  return (
    <div ref={ref} tabIndex={-1} role="alert" aria-labelledby={titleId} className="col-span-full mb-4 w-full basis-full rounded-lg border-2 border-red-700 bg-red-50 px-4 py-3 text-red-900 focus:outline focus:outline-2 focus:outline-offset-2 focus:outline-red-700" data-testid={testId} data-code={code}>
      <h2 id={titleId} className="font-semibold">
        {t('common:error_summary_title')}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
        {errors.flatMap(({ name, messages }) =>
          messages.map((raw, i) => {
            const m = decodeMessage(raw);
            const text = t(m.key, m.params ?? {});
            return (
              <li key={`${name}-${i}`}>
                {name ? (
                  <a href={`#${ids?.[name] ?? `${formId}-${name}`}`} className="underline" onClick={focusField}>
                    {text}
                  </a>
                ) : (
                  text
                )}
              </li>
            );
          }),
        )}
      </ul>
    </div>
  );
}
