// The form kit of spec §5 "Submit and error behaviour" on top of conform: one zod schema validates in
// the browser (on blur, then as the visitor types) and again in the action; server errors arrive as
// conform results and show under their fields; the page scrolls to the first error (200 px above it,
// over 2000 ms) except on pages whose URL contains 'auth'; submit buttons show a loader and are
// disabled while the request runs. Without JavaScript the same forms post and re-render with errors.
// First: no schema may be built before zod is told not to probe eval (see the file).
import '../../core/validation/zod-jitless';
import { getFormProps, getInputProps, getSelectProps, useForm, type FieldMetadata, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { useNavigation } from '@remix-run/react';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { decodeMessage } from '../../core/validation/messages';
import { ErrorSummary, summaryErrors } from './error-summary';
import { useHydrated } from './hydrated';

export { submitOnShiftEnter, useHydrated } from './hydrated';

export const SCROLL_OFFSET_PX = 200;
export const SCROLL_DURATION_MS = 2000;

/** Every message of a field, translated ('validation:length_min' with {min: 8} → the sentence). */
export function useFieldMessages(errors: string[] | undefined): string[] {
  const { t } = useTranslation();
  return (errors ?? []).map((e) => {
    const m = decodeMessage(e);
    return t(m.key, m.params ?? {});
  });
}

export function FieldErrors({ id, errors }: { id: string; errors: string[] | undefined }) {
  const messages = useFieldMessages(errors);
  if (!messages.length) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700" data-field-error>
      {messages.join(' ')}
    </p>
  );
}

/** Smooth scroll to `y` over `duration` ms (ease-in-out), as spec §5 asks; instant if motion is reduced. */
function scrollToY(y: number, duration: number) {
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) {
    window.scrollTo(0, y);
    return;
  }
  const start = window.scrollY;
  const delta = y - start;
  const t0 = performance.now();
  const step = (t: number) => {
    const p = Math.min(1, (t - t0) / duration);
    const eased = p < 0.5 ? 2 * p * p : 1 - (-2 * p + 2) ** 2 / 2;
    window.scrollTo(0, start + delta * eased);
    if (p < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/** Spec §5: on error, scroll to the first one, except on pages whose URL contains 'auth'. */
export function scrollToFirstError(form: HTMLFormElement | null) {
  if (!form || window.location.href.includes('auth')) return;
  const first = form.querySelector<HTMLElement>('[aria-invalid="true"], [data-field-error]');
  if (!first) return;
  scrollToY(Math.max(0, first.getBoundingClientRect().top + window.scrollY - SCROLL_OFFSET_PX), SCROLL_DURATION_MS);
}

const ANYTHING = z.object({}).passthrough();

const constraints = new WeakMap<object, ReturnType<typeof getZodConstraint>>();
function constraintOf(schema: z.ZodType) {
  let c = constraints.get(schema);
  if (!c) {
    c = getZodConstraint(schema);
    constraints.set(schema, c);
  }
  return c;
}

export type AppFormOptions<S extends z.ZodType> = {
  id: string;
  schema: S;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Record<string, unknown>;
  /** The error summary's link targets for fields whose input is not conform's `${id}-${name}` (the captcha). */
  summaryIds?: Record<string, string>;
  /** The §8 code the action answered with, carried by the error summary (data-code). */
  summaryCode?: number;
};

export function useAppForm<S extends z.ZodType>({ id, schema, lastResult, defaultValue, summaryIds, summaryCode }: AppFormOptions<S>) {
  const formRef = useRef<HTMLFormElement>(null);
  // Counts failed submits (the browser's validation stopped one, or the action answered with errors):
  // each one gives the error summary the focus.
  const [failures, setFailures] = useState(0);
  const [form, fields] = useForm<z.input<S> & Record<string, unknown>, z.output<S>, string[]>({
    id,
    lastResult: lastResult ?? undefined,
    defaultValue: defaultValue as never,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    // A secondary button marked formNoValidate (apply a coupon …) submits without the whole form
    // being valid: conform validates every submit, so such a submit is parsed by a schema that accepts all.
    onValidate: ({ formData, submitter }) =>
      (submitter instanceof HTMLButtonElement && submitter.formNoValidate ? parseWithZod(formData, { schema: ANYTHING }) : parseWithZod(formData, { schema })) as never,
    // Constraints mark required fields (the asterisk, aria-required); the form stays noValidate, so
    // the browser's own bubbles never replace our translated messages.
    constraint: constraintOf(schema),
  });
  // Server errors: scroll once per new result.
  useEffect(() => {
    if (lastResult?.error && Object.values(lastResult.error).some((e) => e && e.length)) {
      scrollToFirstError(formRef.current);
      setFailures((n) => n + 1);
    }
  }, [lastResult]);
  const props = getFormProps(form);
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    props.onSubmit(event);
    // conform stops a submit only when the browser-side validation failed.
    if (event.defaultPrevented) setFailures((n) => n + 1);
  };
  // The same summary with and without JavaScript (issue #25 §5): drawn from the form's errors, whoever found them.
  const errorSummary = <ErrorSummary formId={form.id} errors={summaryErrors(form.allErrors)} ids={summaryIds} focusKey={failures} code={summaryCode} />;
  return { form, fields, formRef, errorSummary, formProps: { ...props, onSubmit, ref: formRef, noValidate: true as const } };
}

/**
 * A hidden input carrying a field: conform adds the schema's constraints (`required`, lengths), which
 * HTML does not allow on type=hidden (and which the browser ignores there anyway).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's own signature
export function hiddenInputProps<Schema>(meta: FieldMetadata<Schema, any, any>) {
  const { required: _r, minLength: _min, maxLength: _max, pattern: _p, ...props } = getInputProps(meta, { type: 'hidden' });
  return props;
}

/**
 * A select that always holds one of its options (no empty placeholder): HTML allows `required` only on
 * a select whose first option is an empty placeholder, and this one can never be empty. The schema
 * still checks the value on the server.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's own signature
export function choiceSelectProps<Schema>(meta: FieldMetadata<Schema, any, any>) {
  const { required: _r, ...props } = getSelectProps(meta);
  return props;
}

/** Is a request of this form (optionally: this intent) running? */
/**
 * Forms posted through a fetcher (the login dialog) are not navigations: their container provides the
 * fetcher's submission here, and the submit buttons inside show its loader instead.
 */
export const FetcherSubmission = createContext<{ formData: FormData | undefined } | null>(null);

export function useSubmitting(intent?: string): boolean {
  const navigation = useNavigation();
  const fetcher = useContext(FetcherSubmission);
  const formData = fetcher ? fetcher.formData : navigation.state === 'idle' ? undefined : navigation.formData;
  if (!formData) return false;
  return intent === undefined || formData.get('intent') === intent;
}

export function SubmitButton({
  intent,
  children,
  className = 'btn-primary',
  disabled,
  testId,
  noValidate = false,
}: {
  intent?: string;
  children: ReactNode;
  className?: string;
  disabled?: boolean;
  testId?: string;
  /** A secondary action of a form (apply a coupon …) that must not wait for the whole form to be valid. */
  noValidate?: boolean;
}) {
  const navigation = useNavigation();
  const fetcher = useContext(FetcherSubmission);
  const busy = useSubmitting(intent);
  const anyBusy = fetcher ? fetcher.formData !== undefined : navigation.state === 'submitting';
  return (
    <button
      type="submit"
      name={intent ? 'intent' : undefined}
      value={intent}
      className={className}
      disabled={disabled || anyBusy}
      aria-busy={busy || undefined}
      formNoValidate={noValidate || undefined}
      data-testid={testId}
    >
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/**
 * A field's label with the required marker beside it, outside the label: the input's `required`
 * attribute already tells assistive technology, and the label's text stays the field's exact name.
 */
export function FieldLabel({ htmlFor, required, children }: { htmlFor: string; required?: boolean; children: ReactNode }) {
  return (
    <div className="flex gap-1 text-sm font-medium">
      <label htmlFor={htmlFor}>{children}</label>
      {required ? <RequiredMark /> : null}
    </div>
  );
}

/** The visible required marker; the input's `required` (and aria-required) tells assistive technology. */
export function RequiredMark({ testId }: { testId?: string }) {
  return (
    <span aria-hidden="true" className="text-red-700" data-testid={testId}>
      *
    </span>
  );
}

type InputFieldProps = {
  meta: FieldMetadata<string | undefined>;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel' | 'number';
  autoComplete?: string;
  hint?: ReactNode;
  inputMode?: 'numeric' | 'decimal' | 'text' | 'tel' | 'email';
  placeholder?: string;
  className?: string;
  autoFocus?: boolean;
  children?: ReactNode;
  maxLength?: number;
};

/** A labelled input with its hint and errors, wired for screen readers. */
export function InputField({ meta, label, type = 'text', autoComplete, hint, inputMode, placeholder, className, autoFocus, children, maxLength }: InputFieldProps) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const props = getInputProps(meta, { type, ariaDescribedBy: hintId });
  return (
    <div className={className}>
      <FieldLabel htmlFor={meta.id} required={meta.required}>
        {label}
      </FieldLabel>
      <input
        {...props}
        key={props.key}
        autoComplete={autoComplete}
        inputMode={inputMode}
        placeholder={placeholder}
        autoFocus={autoFocus}
        maxLength={maxLength}
        className="mt-1 w-full rounded border border-slate-300 px-3 py-2 aria-[invalid=true]:border-red-600"
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {children}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function CheckboxField({ meta, label }: { meta: FieldMetadata<boolean | undefined>; label: ReactNode }) {
  const props = getInputProps(meta, { type: 'checkbox' });
  return (
    <div>
      <label className="flex items-start gap-2 text-sm">
        <input {...props} key={props.key} className="mt-1" />
        <span>{label}</span>
        {/* A box that must be ticked says so, as a required field's label does (issue #25 §5). */}
        {meta.required ? <RequiredMark testId={`required-mark-${meta.name}`} /> : null}
      </label>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

// FormAlert lives in a module of its own (no zod, no conform): the footer's newsletter form shows it on
// every page, and importing it from here put this module's 39 KB chunk into every page (issue #21 §4).
import { FormAlert } from './form-alert';

export { FormAlert };
export { ErrorSummary } from './error-summary';

function snapshot(form: HTMLFormElement): string {
  const entries: string[] = [];
  new FormData(form).forEach((value, name) => {
    if (name !== '_token' && name !== 'intent' && name !== 'unique_id' && typeof value === 'string') entries.push(`${name}=${value}`);
  });
  return entries.sort().join('&');
}

/**
 * Spec §5 NOCHANGES: submitting an edit form nobody changed warns instead of posting. The server answers
 * 1005 no_change as well, for the same form without JavaScript.
 */
export function useNoChangesGuard(formRef: React.RefObject<HTMLFormElement | null>, resetKey: unknown) {
  const initial = useRef<string | null>(null);
  const [unchanged, setUnchanged] = useState(false);
  useEffect(() => {
    if (formRef.current) initial.current = snapshot(formRef.current);
    setUnchanged(false);
  }, [formRef, resetKey]);
  const guard = (event: React.FormEvent<HTMLFormElement>): boolean => {
    if (initial.current !== null && snapshot(event.currentTarget) === initial.current) {
      event.preventDefault();
      setUnchanged(true);
      return false;
    }
    setUnchanged(false);
    return true;
  };
  /** Wraps a form's onSubmit: an unchanged form is stopped here and shows the warning instead. */
  const wrap =
    (onSubmit: (event: React.FormEvent<HTMLFormElement>) => void) =>
    (event: React.FormEvent<HTMLFormElement>): void => {
      if (guard(event)) onSubmit(event);
    };
  return { unchanged, wrap };
}

/** Spec §5's 'no changes' warning, shown while `useNoChangesGuard` says the form was sent unchanged. */
export function NoChangesAlert({ unchanged }: { unchanged: boolean }) {
  const { t } = useTranslation();
  return unchanged ? (
    <FormAlert type="warning" testId="no-changes">
      {t('validation:nochanges')}
    </FormAlert>
  ) : null;
}
