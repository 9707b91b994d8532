// Accounts (spec §3 User, §4 Login/Registration/Password reset, issue #3): users with their
// credentials and consents, one-time codes, reset tokens, the mail/SMS outbox of the sandbox ports,
// rate-limit counters and the IP blacklist. The session list itself lives in the user's Durable
// Object (DESIGN.md); D1 keeps what must survive it.
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

export const userStatuses = ['active', 'suspended'] as const;
// 'support' (issue #22): staff who read customers, domains and orders but change nothing (core/staff/permissions.ts).
export const userGroups = ['user', 'admin', 'support'] as const;

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Lower-cased and trimmed; the login name. */
    email: text('email').notNull(),
    emailVerifiedAt: integer('email_verified_at', { mode: 'timestamp_ms' }),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** E.164, e.g. +306912345678 */
    mobile: text('mobile'),
    mobileVerifiedAt: integer('mobile_verified_at', { mode: 'timestamp_ms' }),
    countryIso2: text('country_iso2').notNull().default('GR'),
    /** GR: a prefecture id from the state select; elsewhere free text. */
    state: text('state'),
    city: text('city'),
    address: text('address'),
    postcode: text('postcode'),
    status: text('status', { enum: userStatuses }).notNull().default('active'),
    /** Why a suspended account is suspended: staff (2011). 'auto' (2010, five failed logins) is retired
     *  (decision 022: a growing delay instead); migration 0010 re-activated the accounts it had suspended. */
    suspension: text('suspension', { enum: ['staff', 'auto'] }),
    userGroup: text('user_group', { enum: userGroups }).notNull().default('user'),
    hasPbasAccount: integer('has_pbas_account', { mode: 'boolean' }).notNull().default(false),
    locale: text('locale', { enum: ['el', 'en'] }).notNull().default('el'),
    securityQuestion: text('security_question'),
    securityAnswerHash: text('security_answer_hash'),
    /** yyyy-mm-dd; the security-question reset asks for it (spec §5). */
    birthDate: text('birth_date'),
    /** Base32 TOTP secret (RFC 6238) once enrolment is confirmed. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: integer('totp_enabled_at', { mode: 'timestamp_ms' }),
    /** A secret shown during enrolment, kept until the first code from the app confirms it. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last TOTP step used: a code is good once (RFC 6238 §5.2). */
    totpLastCounter: integer('totp_last_counter'),
    emailTwoFactor: integer('email_two_factor', { mode: 'boolean' }).notNull().default(false),
    newsletter: integer('newsletter', { mode: 'boolean' }).notNull().default(false),
    gdprProcessingAt: integer('gdpr_processing_at', { mode: 'timestamp_ms' }),
    gdprValidityAt: integer('gdpr_validity_at', { mode: 'timestamp_ms' }),
    gdprCommunication: integer('gdpr_communication', { mode: 'boolean' }).notNull().default(false),
    /** The privacy-policy version the approvals above were given to (core/gdpr.ts; 1 = before versions were kept). */
    gdprPolicyVersion: integer('gdpr_policy_version').notNull().default(1),
    /** Legacy: the password-failure count now lives in login_throttles (by e-mail address, decision 022). */
    failedLogins: integer('failed_logins').notNull().default(0),
    lastLoginAt: integer('last_login_at', { mode: 'timestamp_ms' }),
    /** Auto-renew (issue #25 §1): how many days before a domain expires its renewal order is made and paid (core/renewals/plan.ts bounds). */
    renewDaysBefore: integer('renew_days_before').notNull().default(30),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email), index('users_group_idx').on(t.userGroup, t.status)],
);

export const otpPurposes = ['register', 'verify_email', 'verify_mobile', 'login_2fa', 'reset_email', 'reset_sms'] as const;

/** One-time codes sent by e-mail or SMS. Only a hash of the code is stored. */
export const oneTimeCodes = sqliteTable(
  'one_time_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    purpose: text('purpose', { enum: otpPurposes }).notNull(),
    /** The e-mail address or mobile number the code went to. */
    target: text('target').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    consumedAt: integer('consumed_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('one_time_codes_target_idx').on(t.purpose, t.target)],
);

/** Single-use tokens: password reset (step 6), e-mail verification links. Only a hash is stored. */
export const tokens = sqliteTable(
  'tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** password_reset: step 6 of the reset; verify_email: the link in the e-mail; login_2fa: a password
     *  that was right, waiting for the second factor (its `meta` says which one); known_device: a browser
     *  that completed a login (the `kd` cookie), which skips the login delays (decision 022;
     *  `meta.failures` counts its own wrong guesses); login_gdpr: a login that passed its password (and
     *  second factor) and waits for the GDPR approval before any session is issued (issue #24 §3). */
    purpose: text('purpose', { enum: ['password_reset', 'verify_email', 'login_2fa', 'known_device', 'login_gdpr'] }).notNull(),
    meta: text('meta', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default(sql`'{}'`),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    consumedAt: integer('consumed_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('tokens_user_idx').on(t.userId, t.purpose)],
);

/**
 * A registration that passed both steps and waits for its one-time code (spec §4 Registration). The
 * account is created only when the code is verified, so an address nobody controls never gets one.
 * `data` holds the profile and the password hash; the row is found by the hash of a random token that
 * the OTP form carries.
 */
export const pendingRegistrations = sqliteTable(
  'pending_registrations',
  {
    tokenHash: text('token_hash').primaryKey(),
    email: text('email').notNull(),
    data: text('data', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    completedAt: integer('completed_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('pending_registrations_email_idx').on(t.email)],
);

/** The sandbox captcha's challenges: single use and short-lived, like a Turnstile token. */
export const captchaChallenges = sqliteTable('captcha_challenges', {
  id: text('id').primaryKey(),
  answer: text('answer').notNull(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  consumedAt: integer('consumed_at', { mode: 'timestamp_ms' }),
});

/** What the sandbox mail and SMS ports "sent"; read at /dev/mailbox and GET /api/dev/outbox. */
export const outbox = sqliteTable('outbox', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
  to: text('to').notNull(),
  subject: text('subject').notNull().default(''),
  body: text('body').notNull(),
  /** The HTML part, when the message had one (issue #33). */
  html: text('html'),
  /** What the sandbox provider was given to attach: the bytes are kept in R2 under `key`. */
  attachments: text('attachments', { mode: 'json' }).$type<{ filename: string; contentType: string; size: number; key: string | null }[]>().notNull().default(sql`'[]'`),
  meta: text('meta', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default(sql`'{}'`),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
});

/** Fixed-window counters for rate limits, updated with one conditional upsert per hit. */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: integer('window_start').notNull(),
  count: integer('count').notNull(),
});

/**
 * Failed-attempt streaks behind the growing login delays (core/login-throttle.ts, decision 022):
 * `password:<sha-256 of the e-mail>` for the password step, kept for unknown addresses too so they are
 * delayed alike, and `second_factor:<user id>` for the codes of two-factor login.
 */
export const loginThrottles = sqliteTable('login_throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  lastFailureAt: integer('last_failure_at', { mode: 'timestamp_ms' }).notNull(),
});

export const ipBlacklist = sqliteTable('ip_blacklist', {
  ip: text('ip').primaryKey(),
  reason: text('reason').notNull().default(''),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
});
