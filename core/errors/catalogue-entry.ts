// The shape of a row of the error catalogue (spec §8) and how the client presents a code.

/**
 * How the client presents a code. The first thirteen are the general cases; the last four exist
 * because spec §8 gives a few codes a dedicated UI reaction that no general case describes.
 */
export type ErrorHandling =
  | 'alert'
  | 'form_alert'
  | 'field'
  | 'warning'
  | 'success'
  | 'info_modal'
  | 'reload'
  | 'full_reload'
  | 'redirect'
  | 'ignored'
  | 'generic'
  | 'modal'
  | 'none'
  // 2005: the login flow moves to its failed-authentication step.
  | 'auth_step'
  // 35000: the checkout steps are hidden and the empty-cart message shown.
  | 'cart_empty'
  // 35001: items in data.not_found are removed and totals refreshed from data.check_out.totals.
  | 'cart_sync'
  // 43005/43006: the login form switches to GDPR approval mode, or the GDPR modal stays open.
  | 'gdpr_approval';

export type CatalogueEntry = { code: number; name: string; key: string; handling: ErrorHandling; httpStatus: number };

export type Row = readonly [code: number, name: string, handling: ErrorHandling, httpStatus: number];

// HTTP statuses follow one rule set so API answers are predictable:
// 200 outcome the user wanted (or a harmless notice); 400 bad input; 401 not (yet) authenticated;
// 402 needs payment or credit; 403 refused for who the caller is; 404 a thing that does not exist;
// 409 refused because of the current state of a resource (already exists, pending, wrong status);
// 415 a body of a kind the call does not read (a form action posted JSON);
// 429 throttled; 500 our own failure; 502 a registry, WHOIS or supplier failed us; 503 maintenance.
