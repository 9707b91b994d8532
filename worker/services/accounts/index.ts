// Accounts: sign-up, login and sessions, one-time codes, password reset, login throttling, token
// attempts, the account's settings and second factor, the visitor's cookie preferences, and the back
// office's customers (list, page, enable/disable, end a session).
// The area's public face: other areas, routes, the API and cron import from here, never an inner file.
export { createAuthService, normalizeEmail, randomToken, readSessionCookie, userRoom, type CurrentSession } from './auth';
export { createLoginThrottle, passwordThrottleKey, secondFactorThrottleKey } from './login-throttle';
export { createOtpService, sha256Hex } from './otp';
export { createRegistrationService, foldAnswer } from './registration';
export { createPreferenceService, readPreferences, setPreference, vatDisplayFor, type Preferences } from './preferences';
export { TOTP_ISSUER, createAccountService } from './account';
export { createPasswordResetService } from './password-reset';
export { CUSTOMER_EXPORT_PAGE, createStaffCustomerService, type CustomerListRow, type StaffCustomerService } from './staff-customers';
export { CUSTOMER_PAGE_LIMIT, type CustomerActor, type StaffActionResult } from './staff-customer-page';
export { createConsentLog, type ConsentChange } from './consents';
export { createStaffCustomerMail, type CustomerMailResult } from './staff-customer-mail';
export { createErasureService, type ErasureRow, type ErasureService } from './erasure';
