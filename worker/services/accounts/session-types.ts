// The shapes of a session and of a login attempt, shared by the accounts area's services and its callers.
import type { Language } from '../../../i18n/config';

export type SessionUser = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  accountName: string;
  userGroup: 'user' | 'admin' | 'support';
  hasPbasAccount: boolean;
  emailVerified: boolean;
  /** An authenticator app is enrolled: staff cannot use the back office without it (issue #10 §4). */
  totpEnabled: boolean;
};
export type CurrentSession = { user: SessionUser; sessionId: string };

export type LoginInput = {
  email: string;
  password: string;
  ip: string;
  userAgent: string;
  visitorId: string;
  uniqueId: string | null;
  locale: Language;
};
export type TwoFactorMethod = 'totp' | 'email';
export type LoginResult =
  | { ok: true; user: SessionUser; setCookies: string[] }
  /** 2004 two_factor_auth: the password was right; the second factor is asked for with `challenge`. */
  | { ok: false; code: 2004; status: 401; challenge: string; method: TwoFactorMethod; target: string }
  /** 43005 profile_required_gdpr_approval: no session yet; the approval form carries `pending` (login-approval.ts). */
  | { ok: false; code: 43005; status: 403; pending: string }
  | { ok: false; code: number; status: number; retryAfter?: number; scope?: 'network' };
export type SessionMeta = { ip: string; userAgent: string; visitorId: string; uniqueId: string | null };
