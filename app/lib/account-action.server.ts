// The answers every account area's action gives (issue #12 §1): a bare outcome code, or a service
// failure placed under the field it names (the current password, the new password …) with the secrets
// never echoed back. One place, so every area's forms fail the same way.
import type { SubmissionResult } from '@conform-to/react';
import { data } from '@remix-run/cloudflare';
import { ErrorCode } from '../../core/errors';
import type { AccountActionData } from '../components/account/outcome';
import { fieldMessage, SECRET_FIELDS } from './submission.server';

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
