// Spec §8, general codes: validation, sessions, permissions, success and the catch-all.
import type { Row } from './catalogue-entry';

/** General. */
export const GENERAL_ROWS = [
  [100, 'validation_error', 'field', 400],
  [101, 'invalid_verification_code', 'field', 400],
  [120, 'sql_error', 'alert', 500],
  [126, 'update_db_error', 'alert', 500],
  [127, 'delete_db_error', 'alert', 500],
  // HTTP 404's wording is 'We did not recognise the action you performed', so the two agree.
  [150, 'unrecognized_action', 'generic', 404],
  [151, 'action_not_allowed', 'alert', 403],
  [152, 'action_allowed_only_to_users', 'alert', 401],
  [175, 'insufficient_permissions', 'alert', 403],
  [400, 'session_error', 'ignored', 401],
  // Answered when a guest-only action (login, register) arrives with a live session.
  [402, 'session_active', 'full_reload', 409],
  [403, 'ip_blacklisted', 'alert', 403],
  // Issue #32 §3: a form action's body that is no form (JSON, text, none) or a multipart that does not
  // parse; the Worker's entry refuses it before any action reads it (worker/http/form-body.ts).
  [44200, 'unsupported_form_body', 'alert', 415],
  [44201, 'malformed_form_body', 'alert', 400],
  [1000, 'success', 'none', 200],
  // Nothing was wrong, nothing was saved: a notice, not a failure (spec §5 NOCHANGES is a warning).
  [1005, 'no_change', 'warning', 200],
  [49500, 'token_error', 'reload', 403],
  [49997, 'network_connection_error', 'alert', 502],
  [50000, 'undefined_code', 'generic', 500],
  [100000, 'access_denied', 'redirect', 403],
] as const satisfies readonly Row[];
