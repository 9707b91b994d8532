// The error catalogue of spec §8, shared by the API (which answers with a code and an HTTP status)
// and the client (which decides how to show it). One table is the source of truth; the lookups,
// the ErrorCode constants and the i18n keys are all derived from it so they cannot drift apart.

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

type Row = readonly [code: number, name: string, handling: ErrorHandling, httpStatus: number];

// HTTP statuses follow one rule set so API answers are predictable:
// 200 outcome the user wanted (or a harmless notice); 400 bad input; 401 not (yet) authenticated;
// 402 needs payment or credit; 403 refused for who the caller is; 404 a thing that does not exist;
// 409 refused because of the current state of a resource (already exists, pending, wrong status);
// 429 throttled; 500 our own failure; 502 a registry, WHOIS or supplier failed us; 503 maintenance.
const ROWS = [
  // General
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
  [1000, 'success', 'none', 200],
  // Nothing was wrong, nothing was saved: a notice, not a failure (spec §5 NOCHANGES is a warning).
  [1005, 'no_change', 'warning', 200],
  [49500, 'token_error', 'reload', 403],
  [49997, 'network_connection_error', 'alert', 502],
  [50000, 'undefined_code', 'generic', 500],
  [100000, 'access_denied', 'redirect', 403],

  // Profile and verification
  [1050, 'profile_updated_successfully', 'success', 200],
  [1051, 'contact_info_are_valid', 'success', 200],
  [1052, 'email_verified_successfully', 'success', 200],
  [1053, 'mobile_verified_successfully', 'success', 200],
  // Half done: the request succeeded but the user still has something to verify.
  [1055, 'email_verified_mobile_not', 'warning', 200],
  [1056, 'mobile_verified_email_not', 'warning', 200],
  [1059, 'verify_code_resend', 'success', 200],
  [1060, 'verification_target_already_validated', 'alert', 409],
  [1061, 'verification_target_not_exists', 'alert', 404],
  [1062, 'verification_code_already_pending', 'alert', 409],
  [1063, 'verification_code_sent_recently', 'alert', 429],
  [1064, 'mail_already_pending', 'alert', 409],
  [1065, 'mobile_already_pending', 'alert', 409],

  // Login and password reset
  [2000, 'login_failed', 'form_alert', 401],
  [2001, 'unauthorised_email', 'alert', 401],
  // Not a failure the user caused, but login is not complete until the second factor is given.
  [2004, 'two_factor_auth', 'warning', 401],
  [2005, 'two_factor_fail', 'auth_step', 401],
  [2164, 'two_factor_suc', 'success', 200],
  [2010, 'account_auto_suspended', 'alert', 403],
  [2011, 'account_suspended', 'alert', 403],
  [2100, 'password_mismatch', 'alert', 400],
  [2101, 'no_mobile_to_reset_by', 'alert', 400],
  [2104, 'user_credit_exhausted', 'alert', 402],
  [2150, 'username_mismatch', 'alert', 400],
  [2160, 'email_sent', 'success', 200],
  [2161, 'sms_sent', 'success', 200],
  [2162, 'password_reset_email_verified', 'success', 200],
  [2163, 'reset_password_option_not_valid', 'warning', 400],
  [2200, 'new_pass_sent', 'success', 200],
  [2500, 'user_status_not_found', 'alert', 404],

  // Billing and contacts
  [3000, 'billing_not_found', 'info_modal', 404],
  [3001, 'billing_profile_updated', 'success', 200],
  [3002, 'billing_set_default_not_allowed', 'alert', 403],
  [7502, 'contact_role_deletion_not_allowed', 'alert', 403],
  [7503, 'contact_profile_not_found', 'info_modal', 404],
  [7510, 'contact_profile_updated', 'success', 200],
  [7511, 'contact_profile_completed', 'success', 200],
  // Shown on first_name_int_ind and last_name_int_ind.
  [7530, 'contact_individual_name_mismatch', 'field', 400],

  // Catalog (admin)
  [10005, 'catalog_product_requires_configuration', 'alert', 409],
  [10009, 'sub_product_category_not_found', 'alert', 404],
  [10010, 'dedicated_extra_detail_already_exists', 'alert', 409],
  [10013, 'attribute_delete_failed_attach_products', 'alert', 409],
  [10016, 'sub_product_is_not_configured_for_auto_pricing', 'alert', 409],
  [10017, 'sub_product_has_incorrect_auto_pricing_config', 'alert', 409],
  [10019, 'action_not_allowed_on_product', 'alert', 403],

  // Registry and WHOIS
  [26000, 'registry_maintenance', 'form_alert', 503],
  [26050, 'transfer_not_allowed_domain_not_registered', 'alert', 400],
  [27000, 'whois_not_supported_for_this_domain', 'alert', 400],
  [27001, 'whois_communications_failed', 'alert', 502],
  [27002, 'whois_responded_with_error', 'alert', 502],
  [27003, 'whois_responded_no_result', 'alert', 404],
  [27004, 'whois_search_no_tld_given', 'alert', 400],
  [28000, 'cookie_invalid_name', 'alert', 400],

  // Domain search and registration (the spec's starred codes are form alerts)
  [30001, 'empty_search', 'alert', 400],
  [30002, 'too_long_search', 'alert', 400],
  [30003, 'no_tld', 'alert', 400],
  [30005, 'multiple_registries', 'alert', 400],
  [30006, 'not_enough_tld', 'alert', 400],
  [30008, 'domain_keyword_not_valid', 'alert', 400],
  [30009, 'domain_is_not_valid', 'form_alert', 400],
  [30010, 'domain_check_failed', 'form_alert', 502],
  [30012, 'domain_authorization_code_sent', 'success', 200],
  [30013, 'domain_info_failed', 'form_alert', 502],
  [30014, 'domain_does_not_exist', 'form_alert', 404],
  [30015, 'send_authorization_code_failed', 'alert', 502],
  [30019, 'invalid_domain_cant_be_registered', 'form_alert', 400],
  [30020, 'domain_max_length_reached', 'form_alert', 400],
  // The spec gives only a sentence ('the domain registrant is already the provider').
  [30021, 'domain_registrant_already_provider', 'form_alert', 409],
  [30022, 'invalid_epp_auth', 'form_alert', 400],
  [30023, 'domain_not_registered_cant_be_transferred_not_registered', 'form_alert', 400],
  [30024, 'can_not_get_premium_quote', 'form_alert', 502],
  [30025, 'domain_register_failed', 'form_alert', 502],
  [30026, 'domain_not_registered_cant_be_transferred_syntax_error', 'form_alert', 400],
  [30027, 'domain_not_registered_cant_be_transferred_tld_unsupported', 'form_alert', 400],
  [30034, 'domain_check_renew_with_auto_renew_failed', 'form_alert', 502],

  // Nameservers and domain contacts
  [32006, 'host_in_use_delete_not_allowed', 'alert', 409],
  [32050, 'nameserver_could_not_update', 'alert', 502],
  [32051, 'nameserver_could_not_get_info', 'alert', 502],
  [32052, 'nameserver_exceed_upper_limit', 'alert', 400],
  [32053, 'nameserver_do_not_cover_lower_limit', 'alert', 400],
  [32060, 'nameserver_does_not_have_host', 'alert', 400],
  [32075, 'nameserver_group_does_not_exist', 'alert', 404],
  [32077, 'nameserver_group_creation_failed', 'alert', 500],
  [32078, 'nameserver_group_import_failed', 'alert', 500],
  // The spec lists 32100 under two names and says both readings stand; entryByCode gives the first.
  [32100, 'contact_update_chargeable', 'warning', 402],
  [32100, 'contact_maximum_reached', 'alert', 409],
  [32101, 'contact_update_not_allowed_for_role', 'alert', 403],
  [32103, 'domain_contact_update_failed', 'alert', 502],
  [32104, 'contact_not_in_eu', 'alert', 400],
  [32107, 'auxiliary_contacts_remove_failed', 'alert', 502],

  // Hosting
  [33003, 'free_hosting_cant_be_activated', 'alert', 409],

  // Cart
  [35000, 'cart_not_found', 'cart_empty', 404],
  [35001, 'cart_item_not_found', 'cart_sync', 404],
  [35002, 'cart_item_add_failed', 'alert', 500],
  [35003, 'cart_action_exception', 'alert', 500],
  [35004, 'item_already_in_cart', 'alert', 409],
  // The user is asked to confirm, so it reads as a caution rather than a failure.
  [35005, 'item_already_in_cart_needs_confirmation', 'warning', 409],
  // Shown under the option list, per option_id.
  [35006, 'cart_option_error', 'field', 400],
  // An alert as well as the field errors; the field errors carry the locale text.
  [35007, 'cart_attribute_error', 'field', 400],
  [35008, 'domain_already_in_cart', 'alert', 409],
  [35009, 'parent_child_does_not_exist', 'alert', 404],
  [35010, 'item_cant_be_child', 'alert', 400],
  [35011, 'item_associated_as_child', 'alert', 409],
  [35013, 'get_domain_info_failed', 'alert', 502],
  [35014, 'cart_not_ready_check_items', 'alert', 409],
  [35015, 'cart_not_associated_with_billing_profile', 'alert', 409],
  [35018, 'domain_check_failure', 'alert', 502],
  [35019, 'cart_item_domain_contacts', 'alert', 400],
  [35022, 'cart_item_attributes_missing', 'alert', 400],
  // Shown per option_detail_id.
  [35024, 'cart_extension_error', 'field', 400],

  // Sale documents, orders, credits, debits, invoices (all alerts)
  [35500, 'sale_document_update_exception', 'alert', 500],
  [35502, 'sale_document_not_found', 'alert', 404],
  [35503, 'due_status_does_not_allow_payment', 'alert', 409],
  [35504, 'due_type_does_not_allow_payment', 'alert', 409],
  [35505, 'paying_document_status_does_not_allow_payment', 'alert', 409],
  [35506, 'paying_document_type_does_not_allow_payment', 'alert', 409],
  [35507, 'due_document_balance_already_paid', 'alert', 409],
  [35508, 'paying_document_balance_is_zero', 'alert', 409],
  [35510, 'document_action_not_permitted', 'alert', 403],
  [35511, 'requested_task_not_allowed', 'alert', 403],
  [35512, 'document_status_not_permitted', 'alert', 409],
  [35513, 'document_balance_total_difference', 'alert', 409],
  [35514, 'no_due_document_defined', 'alert', 400],
  [35515, 'no_paying_document_defined', 'alert', 400],
  [35516, 'balance_must_be_zero_or_equal', 'alert', 409],
  [35517, 'undefined_document_status', 'alert', 400],
  [35523, 'duplicate_file_on_legal_document', 'alert', 409],
  [35601, 'order_not_found', 'alert', 404],
  [35602, 'order_item_pending_process_after', 'alert', 409],
  [35603, 'order_item_expired', 'alert', 409],
  [35604, 'order_requested_status_not_executable', 'alert', 409],
  [35700, 'credit_action_not_found', 'alert', 404],
  [35701, 'credit_document_not_found', 'alert', 404],
  [35702, 'credit_status_not_permitted', 'alert', 409],
  [35703, 'credit_paying_not_allowed_by_status', 'alert', 409],
  [35802, 'debit_status_does_not_allow_cancel', 'alert', 409],
  [36101, 'invoice_billing_profile_missing', 'alert', 400],
  [36102, 'invoice_must_be_requested_by_order', 'alert', 400],
  [36103, 'invoice_already_exists_for_this_document', 'alert', 409],

  // Notifications
  [38001, 'notification_delete_failed', 'alert', 500],

  // SSL
  [39750, 'ssl_does_not_exist', 'alert', 404],
  [39751, 'enrollment_already_exists', 'alert', 409],
  [39752, 'ssl_with_no_enrollment', 'alert', 409],
  [39753, 'ssl_status_does_not_allow_reissue', 'alert', 409],
  [39754, 'ssl_status_does_not_allow_cancellation', 'alert', 409],
  [39755, 'ssl_status_does_not_allow_renew', 'alert', 409],
  [39756, 'request_not_allowed', 'alert', 403],
  [39757, 'fetching_agreement_failed', 'alert', 502],
  [39758, 'fetching_csr_details_failed', 'alert', 502],
  [39759, 'fetching_approver_list_failed', 'alert', 502],
  [39760, 'communication_with_supplier_error', 'alert', 502],
  [39764, 'certificate_enrollment_failed', 'alert', 502],
  [39786, 'certificate_auto_reorder_failed', 'alert', 502],
  // The alert also shows the response data (the renewal window), appended by the caller.
  [39791, 'certificate_out_of_renew_period', 'alert', 409],
  [39792, 'ssl_store_in_maintenance', 'alert', 503],
  // The order is held until an admin approves it: the user is told, not blamed.
  [39797, 'installation_service_needs_admin_vetting', 'warning', 403],

  // Server provider (the spec describes these two without names)
  [40501, 'server_provider_product_not_found', 'alert', 404],
  [40505, 'server_provider_host_not_resolved', 'alert', 502],

  // GDPR
  [43000, 'create_info_archive_request_received', 'success', 200],
  [43001, 'archived_info_pending_create', 'warning', 409],
  [43002, 'archived_info_pending_download', 'warning', 409],
  [43005, 'profile_required_gdpr_approval', 'gdpr_approval', 403],
  [43006, 'general_gdpr_approval_is_missing', 'gdpr_approval', 400],
  [43007, 'pbas_account_required_gdpr_approval', 'alert', 403],

  // OTP and registration (the spec's CamelCase names, in snake_case)
  [80033, 'unacceptable_email_for_auth_register', 'alert', 400],
  [80041, 'phone_number_does_not_match_country', 'alert', 400],
  [80042, 'user_recovery_email_not_set', 'alert', 400],
  [90005, 'otp_already_verified', 'alert', 409],
  [90100, 'otp_too_many_requests', 'alert', 429],
  // The spec names both 90101 and 90105 OtpMismatch; 90101 is the variant without parameters.
  [90101, 'otp_mismatch_no_params', 'alert', 400],
  [90102, 'incorrect_otp_and_resend_throttled', 'alert', 429],
  [90103, 'otp_has_expired', 'alert', 400],
  [90104, 'expired_otp_and_resend_throttled', 'alert', 429],
  [90105, 'otp_mismatch', 'alert', 400],
  [90106, 'otp_already_sent', 'alert', 429],
] as const satisfies readonly Row[];

type Rows = typeof ROWS;

export const CATALOGUE: readonly CatalogueEntry[] = Object.freeze(
  ROWS.map(([code, name, handling, httpStatus]) => Object.freeze({ code, name, key: name, handling, httpStatus })),
);

export const ErrorCode = Object.freeze(
  Object.fromEntries(ROWS.map(([code, name]) => [name.toUpperCase(), code])),
) as { readonly [R in Rows[number] as Uppercase<R[1]>]: R[0] };

export type ErrorCodeNumber = (typeof ErrorCode)[keyof typeof ErrorCode];

const byCode = new Map<number, CatalogueEntry[]>();
const byName = new Map<string, CatalogueEntry>();
for (const entry of CATALOGUE) {
  const list = byCode.get(entry.code);
  if (list) list.push(entry);
  else byCode.set(entry.code, [entry]);
  byName.set(entry.name, entry);
}

export function entriesByCode(code: number): CatalogueEntry[] {
  return [...(byCode.get(code) ?? [])];
}

export function entryByCode(code: number): CatalogueEntry | undefined {
  return byCode.get(code)?.[0];
}

export function entryByName(name: string): CatalogueEntry | undefined {
  return byName.get(name);
}

const UNDEFINED_CODE = entryByCode(50000) as CatalogueEntry;

/** Responses carry either the number or its name (spec §7); anything unrecognised is undefined_code. */
export function resolveCode(codeOrName: number | string): CatalogueEntry {
  if (typeof codeOrName === 'number') return entryByCode(codeOrName) ?? UNDEFINED_CODE;
  const text = codeOrName.trim();
  // Some backends send the number as a string; a name never starts with a digit.
  if (/^\d+$/.test(text)) return entryByCode(Number(text)) ?? UNDEFINED_CODE;
  return entryByName(text.toLowerCase()) ?? UNDEFINED_CODE;
}

/**
 * A code counts as success when its HTTP status is 2xx. Handling alone cannot decide it: a warning
 * is a success for 1005 no_change but not for 2004 two_factor_auth.
 */
export function isSuccessCode(codeOrName: number | string): boolean {
  const { httpStatus } = resolveCode(codeOrName);
  return httpStatus >= 200 && httpStatus < 300;
}

// Spec §7 and §8 constants.
// In their own module so the browser can read them without the catalogue (decision 030).
export { ALERT_AUTOHIDE_MS, REQUEST_TIMEOUT_MS } from './error-timing';

export type Envelope<T = unknown> = { success: boolean; code: number; msg: string; data: T };

export function envelopeFor<T>(code: number, msg: string, data: T): Envelope<T> {
  return { success: isSuccessCode(code), code, msg, data };
}

export type HttpFailureKind =
  | 'http400'
  | 'http404'
  | 'http429'
  | 'http500'
  | 'http503'
  | 'http_other'
  | 'timeout'
  | 'unrecoverable_timeout'
  | 'connection';

export type HttpFailure = {
  kind: HttpFailureKind;
  key: string;
  params?: Record<string, string | number>;
  handling: 'alert' | 'modal';
};

const KNOWN_STATUSES: Readonly<Record<number, HttpFailureKind>> = {
  400: 'http400',
  404: 'http404',
  429: 'http429',
  500: 'http500',
  503: 'http503',
};

/** The client-side cases of spec §8 "HTTP and connection"; keys live in the errors namespace. */
export function describeHttpFailure(input: {
  status?: number;
  timedOut?: boolean;
  unrecoverable?: boolean;
  networkError?: boolean;
}): HttpFailure {
  // Only a timeout can be unrecoverable, so the flag wins even if timedOut was not also set.
  if (input.unrecoverable) return { kind: 'unrecoverable_timeout', key: 'http.connection_error', handling: 'modal' };
  if (input.timedOut) return { kind: 'timeout', key: 'http.timeout', handling: 'alert' };
  const status = input.status;
  // Status 0 is how browsers report a request that never got an answer.
  if (input.networkError || status === undefined || status === 0) return connectionFailure();
  const kind = KNOWN_STATUSES[status];
  if (kind) return { kind, key: `http.${status}`, handling: 'alert' };
  // A 2xx that still failed (say, a body that is not JSON) is not an HTTP error to the user.
  if (status >= 200 && status < 300) return connectionFailure();
  return { kind: 'http_other', key: 'http.other', params: { status }, handling: 'alert' };
}

function connectionFailure(): HttpFailure {
  return { kind: 'connection', key: 'http.generic', handling: 'alert' };
}

export type ErrorCodeCookie = { type: 'alert' | 'warning' | 'success'; message: string };

// Separators the backend puts between a message and its marker, e.g. 'account_suspended:false'.
const MARKER_EDGES = /^[\s:|,;]+|[\s:|,;]+$/g;

/**
 * Spec §8 'errorCode' cookie: 'false' marks a failure and 'true' a success, each stripped from the
 * message; anything else is a warning. The caller decodes the cookie and removes it after reading.
 */
export function readErrorCodeCookie(value: string): ErrorCodeCookie | null {
  if (value.trim() === '') return null;
  if (value.includes('false')) return { type: 'alert', message: stripMarker(value, 'false') };
  if (value.includes('true')) return { type: 'success', message: stripMarker(value, 'true') };
  return { type: 'warning', message: value.trim() };
}

function stripMarker(value: string, marker: string): string {
  return value.split(marker).join('').replace(MARKER_EDGES, '');
}
