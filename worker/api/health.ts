import { Hono } from 'hono';
import { ErrorCode } from '../../core/errors';
import { noteFailure } from '../http/error-log';
import { ApiError, reply } from './envelope';
import type { ApiEnv } from './types';

export const healthRoutes = new Hono<ApiEnv>().get('/', async (c) => {
  try {
    const d1 = await c.get('ctx').services.health.check();
    return reply(c, ErrorCode.SUCCESS, { status: 'ok', d1 });
  } catch (err) {
    // The 503's log line (the entry writes it) names this cause, not the envelope's code.
    noteFailure(c.req.raw, err);
    throw new ApiError(ErrorCode.SQL_ERROR, { status: 'degraded' }, 503);
  }
});
