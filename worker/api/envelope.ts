// The response envelope of spec §7: { success, code, msg, data }. Every API answer goes through
// here so the code, its HTTP status and its translated message always agree with core/errors.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { envelopeFor, resolveCode } from '../../core/errors';
import { getServerT } from '../../i18n/server';
import type { ApiEnv } from './types';

export function reply<T>(c: Context<ApiEnv>, code: number, data: T, options: { msg?: string; status?: number; params?: Record<string, unknown> } = {}) {
  const entry = resolveCode(code);
  const t = getServerT(c.get('ctx')?.prefs.lng ?? 'el');
  const msg = options.msg ?? t(`errors:${entry.key}`, options.params ?? {});
  return c.json(envelopeFor(entry.code, msg, data), (options.status ?? entry.httpStatus) as ContentfulStatusCode);
}

export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly data: unknown = null,
    readonly status?: number,
  ) {
    super(`api error ${code}`);
  }
}
