export { createAuthService, readSessionCookie, userRoom, type CurrentSession } from './auth';
export { passwordThrottleKey, secondFactorThrottleKey } from './login-throttle';
export { createOtpService, sha256Hex } from './otp';
export { createRegistrationService, foldAnswer } from './registration';
export { createPreferenceService, readPreferences, setPreference, vatDisplayFor, type Preferences } from './preferences';
export { TOTP_ISSUER, createAccountService } from './account';
export { createPasswordResetService } from './password-reset';
