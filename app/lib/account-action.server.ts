// What every account area's action starts with and answers (issue #12 §1, issue #21 §2). The start:
// the logged-in customer (a guest goes to the login), the form with its CSRF token checked (and a
// blacklisted address refused), the intent and the page's unique_id; an unknown intent is a 400.
// The answers: a bare outcome code, or a service failure placed under the field it names (the current
// password, the new password …) with the secrets never echoed back. One place, so every area's
// forms start and fail the same way.
import type { SubmissionResult } from '@conform-to/react';
import { data, type AppLoadContext } from '@remix-run/cloudflare';
import { ErrorCode } from '../../core/errors';
import type { AccountActionData } from '../components/account/outcome';
import { requireUser } from './auth.server';
import { readProtectedForm } from './forms.server';
import { codeData } from './route-error.server';
import { fieldMessage, SECRET_FIELDS } from './submission.server';

/** An account area's action: the customer first (a guest is sent to log in), then the checked form. */
export async function readAccountAction(request: Request, context: AppLoadContext) {
  const session = await requireUser(request, context);
  return { session, userId: session.user.id, ...(await readAccountForm(request, context)) };
}

/** The checked form of an area whose guard already ran (a domain's pages: loadOwnDomainAndSession). */
export async function readAccountForm(request: Request, context: AppLoadContext) {
  const form = await readProtectedForm(request, context);
  const intent = String(form.get('intent') ?? '');
  const uniqueId = form.get('unique_id');
  return {
    form,
    intent,
    // The page's id on the live events this change causes (the page ignores its own); '' before hydration.
    uniqueId: typeof uniqueId === 'string' && uniqueId ? uniqueId : null,
    answer: accountAnswers(intent),
  };
}

/** An intent the area does not know: a 400 with its code (spec §8 unrecognized_action). */
export function unknownIntent(): never {
  throw data(codeData({ code: ErrorCode.UNRECOGNIZED_ACTION }), { status: 400 });
}

type Replier = { reply: (o?: object) => SubmissionResult<string[]> };

export function accountAnswers(intent: string) {
  const stamp = Date.now();
  return {
    stamp,
    done: (code?: number, status = 200) => data<AccountActionData>({ intent, code, stamp }, { status }),
    /** conform's own reply (invalid input, or success with `resetForm`). */
    reply: (submission: Replier, options: { code?: number; status?: number; reset?: boolean; hideSecrets?: boolean } = {}) =>
      data<AccountActionData>(
        { intent, code: options.code, result: submission.reply({ resetForm: options.reset, hideFields: options.hideSecrets ? SECRET_FIELDS : undefined }), stamp },
        { status: options.status ?? 200 },
      ),
    /** A service failure: under the named field when it has one, otherwise as the form's alert. */
    failed: (r: { code: number; status: number; field?: string }, submission: Replier) => {
      const fieldErrors =
        r.field === 'current_password'
          ? { current_password: fieldMessage(r.code === ErrorCode.VALIDATION_ERROR ? 'REQUIRED' : 'INVALID') }
          : r.field === 'password'
            ? { password: fieldMessage('PASSWORD_COMMON') }
            : r.field
              ? { [r.field]: fieldMessage('INVALID') }
              : undefined;
      return data<AccountActionData>({ intent, code: r.code, result: submission.reply({ fieldErrors, hideFields: SECRET_FIELDS }), stamp }, { status: r.status });
    },
  };
}
