// Spec §7 /newsletter/status (issue #24 §2): the newsletter state (none, pending, subscribed,
// unsubscribed) of the logged-in customer, or of the address a signed link names (?token=, the same
// token as the unsubscribe link). The spec does not show the method: GET and POST both answer.
import { Hono, type Context } from 'hono';
import { ErrorCode } from '../../core/errors';
import { ApiError, reply } from './envelope';
import type { ApiEnv } from './types';

async function status(c: Context<ApiEnv>) {
  const ctx = c.get('ctx');
  const body = c.get('body') ?? {};
  const token = c.req.query('token') ?? (typeof body.token === 'string' ? body.token : undefined);
  if (token) {
    const found = await ctx.services.newsletter.status({ token });
    if (!found) throw new ApiError(ErrorCode.INVALID_VERIFICATION_CODE, null, 400);
    return reply(c, ErrorCode.SUCCESS, { status: found.state });
  }
  const session = await ctx.session();
  if (!session) throw new ApiError(ErrorCode.ACTION_ALLOWED_ONLY_TO_USERS, null, 401);
  const found = await ctx.services.newsletter.status({ userId: session.user.id });
  return reply(c, ErrorCode.SUCCESS, { status: found?.state ?? 'none' });
}

export const newsletterRoutes = new Hono<ApiEnv>().get('/status', status).post('/status', status);
