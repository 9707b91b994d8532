// Spec §8, accounts: profile and verification, login and password reset, billing profiles and
// contacts, GDPR, one-time codes and registration.
import type { Row } from './catalogue-entry';

/** Profile and verification. */
export const PROFILE_ROWS = [
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
] as const satisfies readonly Row[];

/** Login and password reset. */
export const LOGIN_ROWS = [
  [2000, 'login_failed', 'form_alert', 401],
  [2001, 'unauthorised_email', 'alert', 401],
  // Not a failure the user caused, but login is not complete until the second factor is given.
  [2004, 'two_factor_auth', 'warning', 401],
  [2005, 'two_factor_fail', 'auth_step', 401],
  [2164, 'two_factor_suc', 'success', 200],
  // Beyond spec §8 (issue #32 §3): staff keep their authenticator app; it is not turned off on the storefront.
  [44120, 'staff_two_factor_mandatory', 'alert', 403],
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
] as const satisfies readonly Row[];

/** Billing and contacts. */
export const BILLING_CONTACT_ROWS = [
  [3000, 'billing_not_found', 'info_modal', 404],
  [3001, 'billing_profile_updated', 'success', 200],
  [3002, 'billing_set_default_not_allowed', 'alert', 403],
  [7502, 'contact_role_deletion_not_allowed', 'alert', 403],
  [7503, 'contact_profile_not_found', 'info_modal', 404],
  [7510, 'contact_profile_updated', 'success', 200],
  [7511, 'contact_profile_completed', 'success', 200],
  // Shown on first_name_int_ind and last_name_int_ind.
  [7530, 'contact_individual_name_mismatch', 'field', 400],
] as const satisfies readonly Row[];

/** GDPR. */
export const GDPR_ROWS = [
  [43000, 'create_info_archive_request_received', 'success', 200],
  [43001, 'archived_info_pending_create', 'warning', 409],
  [43002, 'archived_info_pending_download', 'warning', 409],
  [43005, 'profile_required_gdpr_approval', 'gdpr_approval', 403],
  [43006, 'general_gdpr_approval_is_missing', 'gdpr_approval', 400],
  [43007, 'pbas_account_required_gdpr_approval', 'alert', 403],
  // Beyond spec §8 (issue #24 §3, GDPR Art. 17): closing the account and erasing its personal data.
  [43010, 'erasure_request_received', 'success', 200],
  [43011, 'erasure_refused_active_domains', 'alert', 409],
  [43012, 'erasure_refused_unpaid_documents', 'alert', 409],
  [43013, 'erasure_already_requested', 'warning', 409],
  [43014, 'erasure_completed', 'success', 200],
  [43015, 'erasure_refused_active_services', 'alert', 409],
] as const satisfies readonly Row[];

/** OTP and registration (the spec's CamelCase names, in snake_case). */
export const OTP_ROWS = [
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
