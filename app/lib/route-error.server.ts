import { resolveCode } from '../../core/errors';

/**
 * The data of a refusal thrown from a loader or action (`throw data(codeData({ code }), { status })`):
 * the code and its message key, so the error page names it without the code catalogue in the browser
 * (the root ErrorBoundary reads `key`; docs/decisions/030).
 */
export function codeData<T extends { code: number }>(payload: T): T & { key: string } {
  return { ...payload, key: resolveCode(payload.code).key };
}
