// How a refusal of the nameserver service reaches a conform form: rows under their row (spec §5: a
// server error '{something}.{n}' shows at field n+1), list errors under the list, other codes as the
// form's alert. Server-only, so the error catalogue stays out of the browser (decision 030).
import { resolveCode } from '../../core/errors';
import { encodeMessage } from '../../core/validation/messages';
import { serverErrorIndex } from '../../core/validation/rules';
import type { Refusal } from '../../worker/services/domains';

const LIST_CODES = new Set([32052, 32053]);

export function refusalFieldErrors(r: Refusal, list: 'ns' | 'ips'): Record<string, string[]> | undefined {
  const out: Record<string, string[]> = {};
  for (const row of r.rows ?? []) out[`${list}[${row.index}]`] = [encodeMessage(row.message)];
  const codeMessage = encodeMessage({ key: `errors:${resolveCode(r.code).key}`, params: r.params });
  if (r.field) {
    const n = serverErrorIndex(r.field);
    if (n !== null) out[`${list}[${n}]`] = [codeMessage];
    else out[r.field] = [r.message ? encodeMessage(r.message) : codeMessage];
  }
  if (LIST_CODES.has(r.code)) out[list] = [codeMessage];
  if (r.code === 32075) out.group_id = [codeMessage];
  return Object.keys(out).length ? out : undefined;
}

/** Whether the refusal is fully shown at fields (then the page needs no alert for it). */
export function shownAtFields(r: Refusal): boolean {
  return r.code === 100 || LIST_CODES.has(r.code) || r.code === 32075;
}

/** An outcome for the page's alert, already as a message key: the page needs no catalogue. */
export type NsAlert = { type: 'success' | 'warning' | 'alert'; key: string; code: number; params?: Record<string, string | number> };

export function alertOf(code: number, params?: Record<string, string | number>, successKey = 'nameservers:saved'): NsAlert {
  if (code === 1000) return { type: 'success', key: successKey, code };
  if (code === 1005) return { type: 'warning', key: 'validation:nochanges', code };
  return { type: 'alert', key: `errors:${resolveCode(code).key}`, code, params };
}

/** A per-name result of an apply as a message key (the page has no catalogue). */
export function resultKey(code: number): string {
  return code === 1000 ? 'nameservers:result_ok' : code === 1005 ? 'nameservers:result_same' : `errors:${resolveCode(code).key}`;
}
