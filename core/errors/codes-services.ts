// Spec §8, what is delivered after the sale: hosting, SSL, the server provider, notifications.
import type { Row } from './catalogue-entry';

/** Hosting. */
export const HOSTING_ROWS = [
  [33003, 'free_hosting_cant_be_activated', 'alert', 409],
  // Issue #32 §1 (decision 087): a renewal or plan change of a service the customer has.
  [44000, 'service_line_options_fixed', 'alert', 409],
  [44001, 'renewal_waits_for_plan_change', 'alert', 409],
  [44002, 'plan_change_waits_for_renewal', 'alert', 409],
  // Ours, not the spec's (issue #32 §3.3): power actions and reinstalls past our per-server or per-account limit.
  [44160, 'server_actions_too_many', 'alert', 429],
  // Ours (issue #32 §3, decision 091): the sealed panel password does not open with the keys configured
  // (a key missing from SECRETS_OLD_KEYS, a wrong key, a damaged value). Shown nothing rather than a guess.
  [44170, 'panel_password_unreadable', 'alert', 500],
] as const satisfies readonly Row[];

/** SSL. */
export const SSL_ROWS = [
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
] as const satisfies readonly Row[];

/** Server provider (the spec describes these two without names). */
export const SERVER_PROVIDER_ROWS = [
  [40501, 'server_provider_product_not_found', 'alert', 404],
  [40505, 'server_provider_host_not_resolved', 'alert', 502],
] as const satisfies readonly Row[];

/** Notifications. */
export const NOTIFICATION_ROWS = [
  [38001, 'notification_delete_failed', 'alert', 500],
] as const satisfies readonly Row[];
