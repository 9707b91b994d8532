// Shared pieces of the account areas (issue #12 §1): the outcome of a form's last submission, shown
// above that form, and the titled card each form sits in. Every area route returns the same action
// data shape, so one Outcome serves them all.
import type { SubmissionResult } from '@conform-to/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../../core/errors';
import { codeAlertType, codeMessage } from '../../lib/codes';
import { FormAlert } from '../../lib/forms';

/** What every account area's action answers: which form, its code, conform's reply, and a stamp. */
export type AccountActionData = { intent: string; code?: number; result?: SubmissionResult<string[]>; stamp: number };

export function Outcome({ actionData, intents, children }: { actionData?: AccountActionData; intents: string[]; children?: ReactNode }) {
  const { t } = useTranslation('auth');
  if (!actionData || !intents.includes(actionData.intent) || actionData.code === undefined) return <>{children}</>;
  const code = actionData.code;
  // Field errors are listed by the form's own error summary (issue #25 §5), with links to the fields: a
  // second "correct the fields" box above it would say the same thing twice.
  const fieldErrors = Object.values(actionData.result?.error ?? {}).some((e) => Array.isArray(e) && e.length > 0);
  if (code === ErrorCode.VALIDATION_ERROR && fieldErrors) return <>{children}</>;
  const text =
    code === ErrorCode.VALIDATION_ERROR
      ? t('fix_errors')
      : code === ErrorCode.EMAIL_SENT
        ? t('account.verification_sent')
        : code === ErrorCode.NO_CHANGE
          ? t('validation:nochanges')
          : code === ErrorCode.PASSWORD_MISMATCH
            ? t('account.wrong_password')
            : codeAlertType(code) === 'success'
              ? t('account.saved')
              : codeMessage(t, code);
  return (
    <>
      <FormAlert type={code === ErrorCode.NO_CHANGE ? 'warning' : codeAlertType(code)} testId={`outcome-${actionData.intent}`} code={code}>
        {text}
      </FormAlert>
      {children}
    </>
  );
}

export function Card({ id, title, children, testId }: { id: string; title: string; children: ReactNode; testId?: string }) {
  return (
    // `-card`: the forms inside take the bare name as their id (conform's form id).
    <section id={`${id}-card`} aria-labelledby={`${id}-title`} className="card" data-testid={testId}>
      <h2 id={`${id}-title`} className="mb-4 text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The area's own title: the layout gives the width and padding, each area names itself. */
export function AreaTitle({ children }: { children: ReactNode }) {
  return <h1 className="text-2xl font-bold sm:text-3xl">{children}</h1>;
}
