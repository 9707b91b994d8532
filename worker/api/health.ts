import { Hono } from 'hono';
import { ErrorCode } from '../../core/errors';
import { ApiError, reply } from './envelope';
import type { ApiEnv } from './types';

export const healthRoutes = new Hono<ApiEnv>().get('/', async (c) => {
  try {
    const d1 = await c.get('ctx').services.health.check();
    return reply(c, ErrorCode.SUCCESS, { status: 'ok', d1 });
  } catch (err) {
    console.error('health check failed', err);
    throw new ApiError(ErrorCode.SQL_ERROR, { status: 'degraded' }, 503);
  }
});
