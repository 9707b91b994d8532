// keep_progress (spec §4 Login, §9 Cookies): a visitor half-way through a form logs in; the form's
// values travel through the login and come back into the same form afterwards. The values live in a
// short-lived HttpOnly cookie, read once by the page that owns the form.
export const KEEP_PROGRESS_COOKIE = 'keep_progress';
export const KEEP_PROGRESS_SECONDS = 600;
/** Forms that may keep their progress through a login, and the fields each may carry. */
export const KEEPABLE_FORMS = { transfer: ['domain', 'auth_code'] } as const;
export type KeepableForm = keyof typeof KEEPABLE_FORMS;
const MAX_VALUE = 200;

export type Progress = { form: KeepableForm; values: Record<string, string> };

/** Only known forms and their own fields, each value short: the cookie carries nothing else. */
export function sanitiseProgress(form: unknown, values: Record<string, unknown>): Progress | null {
  if (typeof form !== 'string' || !(form in KEEPABLE_FORMS)) return null;
  const fields = KEEPABLE_FORMS[form as KeepableForm] as readonly string[];
  const out: Record<string, string> = {};
  for (const f of fields) {
    const v = values[f];
    if (typeof v === 'string' && v.length <= MAX_VALUE) out[f] = v;
  }
  return { form: form as KeepableForm, values: out };
}

export function encodeProgress(p: Progress): string {
  return JSON.stringify(p);
}

export function decodeProgress(raw: string | null, form: KeepableForm): Record<string, string> | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as { form?: unknown; values?: Record<string, unknown> };
    const p = sanitiseProgress(parsed.form, parsed.values ?? {});
    return p && p.form === form ? p.values : null;
  } catch {
    return null;
  }
}
