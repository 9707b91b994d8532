import { Hono } from 'hono';
import { ErrorCode } from '../../core/errors';
import { setPreference } from '../services/preferences';
import { ApiError, reply } from './envelope';
import type { ApiEnv } from './types';

export const userRoutes = new Hono<ApiEnv>().post('/set-cookie', async (c) => {
  const ctx = c.get('ctx');
  const countries = await ctx.services.catalog.countries();
  const result = setPreference(c.req.raw, c.get('body'), countries);
  if (!result.ok) throw new ApiError(result.code, { field: result.field });
  c.header('Set-Cookie', result.cookie, { append: true });
  return reply(c, ErrorCode.SUCCESS, { cName: result.name, cValue: result.value });
});
