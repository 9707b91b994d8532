// The server half of the erasure section of /account/privacy (issue #24 §3, GDPR Art. 17): what the
// section shows (an open request, or why the account cannot be closed yet) and its action intent.
import type { AppLoadContext } from '@remix-run/cloudflare';
import { ErrorCode } from '../../../core/errors';
import { erasureRefusal } from '../../../core/erasure';
import type { CurrentSession } from '../../../worker/services/accounts';
import type { accountAnswers } from '../../lib/account-action.server';

export const ERASURE_INTENT = 'request_erasure';

export type ErasureSectionData = { pendingSince: number | null; refusal: number | null };

export async function loadErasureSection(context: AppLoadContext, userId: number): Promise<ErasureSectionData> {
  const erasure = context.services.erasure;
  const [pending, blockers] = await Promise.all([erasure.pendingFor(userId), erasure.blockers(userId)]);
  return { pendingSince: pending?.requestedAt.getTime() ?? null, refusal: erasureRefusal(blockers) };
}

/** The intent: the confirmation box must be checked; the service refuses with the reason or records it. */
export async function erasureAction(context: AppLoadContext, session: CurrentSession, form: FormData, answer: ReturnType<typeof accountAnswers>) {
  if (form.get('confirm_erasure') !== 'on') return answer.done(ErrorCode.VALIDATION_ERROR, 400);
  const result = await context.services.erasure.request({ id: session.user.id, email: session.user.email }, context.ip);
  return result.ok ? answer.done(result.code) : answer.done(result.code, result.status);
}
