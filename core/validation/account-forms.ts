// The account forms of issue #3 as zod schemas built from the §5 rules: one schema per form (per step
// for registration), used by conform in the browser and by the action on the server. Checks that need
// the database (is the e-mail taken, is the password in the breached list) are added by the server.
import { z } from 'zod';
import { COUNTRIES } from '../countries';
import { GR_REGION_IDS } from '../greek-regions';
import { PASSWORD_MIN_LENGTH } from '../password-policy';
import { encodeMessage, issueMessage, message, type ValidationMessage } from './messages';
import { always, isBlank } from './rule-kit';
import { checkbox, optionalText, requiredCheckbox, requiredSelect, requiredText, termsAccepted } from './required-rules';
import { lengthRange, maxLength } from './text-rules';
import { email } from './email-rules';
import { RENEW_DAYS_MAX, RENEW_DAYS_MIN } from '../renewals/auto-renew';
import { passwordStrengthAtLeast } from './password-rules';
import { confirmed } from './matching-rules';

type Check = z.core.$ZodCheck<string>;

function toCheck(rule: (value: string) => ValidationMessage | null): Check {
  return z.superRefine<string>((value, ctx) => {
    const m = rule(value);
    if (m) ctx.addIssue({ code: 'custom', message: JSON.stringify(m), input: value });
  });
}

export const EMAIL_MAX = 100;
export const PASSWORD_MAX = 128;
/** Registration asks for at least 'good' on the meter (level 2 of spec §5 "Password strength"). */
export const REGISTER_PASSWORD_STRENGTH = 2;
export const NAME_MAX = 50;

// Letters of any script, spaces, apostrophes, dots and hyphens: 'Μαρία-Ελένη', "O'Brien", 'J. Smith'.
const NAME_RE = /^\p{L}[\p{L}\p{M}\s'’.-]*$/u;
const nameCheck: Check = toCheck((v) => (v === '' || NAME_RE.test(v.normalize('NFC').trim()) ? null : message('ILLEGAL.CHARS')));

/** E.164: '+', a country code and 6–14 more digits; spaces, dots and dashes as typed are allowed. */
export function normalizeMobile(value: string): string {
  const compact = value.replace(/[\s.()-]/g, '');
  return compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
}
export function mobileError(value: string): ValidationMessage | null {
  if (value === '') return null;
  return /^\+[1-9]\d{7,14}$/.test(normalizeMobile(value)) ? null : message('MOBILE');
}
const mobile: Check = toCheck(mobileError);

/** dd/mm/yyyy as typed (spec §5 Security-question reset) → 'yyyy/mm/dd' as sent, or null if not a date. */
export function birthDateToWire(value: string, now = new Date()): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value.trim());
  if (!m) return null;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  if (y < 1900 || date.getTime() > now.getTime()) return null;
  return `${y}/${String(mo).padStart(2, '0')}/${String(d).padStart(2, '0')}`;
}
const birthDate: Check = toCheck((v) => (v === '' || birthDateToWire(v) ? null : message('BIRTH_DATE')));

const otpCode: Check = toCheck((v) => (v === '' || /^\d{6}$/.test(v.replace(/\s/g, '')) ? null : message('OTP_FORMAT')));

// Addresses are often pasted with a stray space: trimmed before any rule looks at them.
export const emailField = () =>
  z
    .string({ error: issueMessage('REQUIRED') })
    .trim()
    .check(z.refine<string>((v) => v !== '', { error: issueMessage('REQUIRED'), abort: true }), email(), maxLength(EMAIL_MAX));
const newPassword = () => requiredText(lengthRange(PASSWORD_MIN_LENGTH, PASSWORD_MAX), passwordStrengthAtLeast(REGISTER_PASSWORD_STRENGTH));

// ---------------------------------------------------------------------------------------------------
// Login (spec §7 Login: email, password, _token, the GDPR fields when shown)
// ---------------------------------------------------------------------------------------------------

export const loginSchema = z.object({
  email: emailField(),
  password: requiredText(),
});

/**
 * The GDPR approval that finishes a login answered with 43005 (spec §4, §5 GDPR): the processing approval
 * and the data validity, each validated as terms_and_conditions with the login's own text.
 */
export const loginApprovalSchema = z.object({
  pending: requiredText(),
  gdpr_processing: termsAccepted('gdpr.login.accept_all_above_label_error'),
  gdpr_validity: termsAccepted('gdpr.login.accept_all_above_label_error'),
});

export const twoFactorSchema = z.object({
  challenge: requiredText(),
  code: requiredText(otpCode),
});

// ---------------------------------------------------------------------------------------------------
// Registration: two steps; step 2 posts the step-1 fields again (spec §7 Register "collected fields")
// ---------------------------------------------------------------------------------------------------

/** The security questions offered (keys; the wording is in i18n `auth:questions.<key>`). */
export const SECURITY_QUESTIONS = ['first_pet', 'mother_maiden_name', 'first_school', 'birth_city', 'favourite_teacher'] as const;
const securityQuestion: Check = toCheck((v) => (v === '' || (SECURITY_QUESTIONS as readonly string[]).includes(v) ? null : message('REQUIRED')));

export const REGISTER_STEP1_FIELDS = ['email', 'password', 'password_confirmation', 'first_name', 'last_name'] as const;

const step1Shape = {
  email: emailField(),
  password: newPassword(),
  password_confirmation: requiredText(),
  first_name: requiredText(lengthRange(2, NAME_MAX), nameCheck),
  last_name: requiredText(lengthRange(2, NAME_MAX), nameCheck),
};

export const registerStep1Schema = confirmed(z.object(step1Shape), { field: 'password', confirm: 'password_confirmation' });

export const COUNTRY_CODES = COUNTRIES.map((c) => c.iso2).filter((c) => c !== 'OTHER');
export const OTP_CHANNELS = ['email', 'sms'] as const;

const step2Shape = {
  mobile: optionalText(mobile),
  country: requiredSelect(COUNTRY_CODES),
  /** GR: the region's name in the page's language (the select sends it); resolved on the server. */
  state_id: optionalText(maxLength(60)),
  /** Other countries: free text. */
  state: optionalText(maxLength(60)),
  city: requiredText(lengthRange(2, 60)),
  address: requiredText(lengthRange(3, 120)),
  postcode: requiredText(lengthRange(3, 10), toCheck((v) => (/^[\p{L}\p{N} -]+$/u.test(v) ? null : message('ILLEGAL.CHARS')))),
  birth_date: optionalText(birthDate),
  security_question: optionalText(securityQuestion),
  security_answer: optionalText(lengthRange(2, 60)),
  otp_channel: requiredSelect(OTP_CHANNELS),
  newsletter: checkbox(),
  gdpr_processing: requiredCheckbox('REQUIRED'),
  gdpr_validity: requiredCheckbox('REQUIRED'),
  gdpr_communication: checkbox(),
  terms: termsAccepted(),
};

/** Step 2 checks step 1 again: a hand-made request cannot skip it. */
export const registerStep2Schema = confirmed(z.object({ ...step1Shape, ...step2Shape }), { field: 'password', confirm: 'password_confirmation' }).superRefine(
  (data, ctx) => {
    if (data.country === 'GR' && isBlank(data.state_id)) ctx.addIssue({ code: 'custom', path: ['state_id'], message: issueMessage('REQUIRED'), input: data.state_id });
    if (data.otp_channel === 'sms' && isBlank(data.mobile)) ctx.addIssue({ code: 'custom', path: ['mobile'], message: issueMessage('REQUIRED'), input: data.mobile });
    // A question without an answer (or the reverse) cannot be used to reset a password.
    if (!isBlank(data.security_question) && isBlank(data.security_answer)) ctx.addIssue({ code: 'custom', path: ['security_answer'], message: issueMessage('REQUIRED'), input: data.security_answer });
    if (!isBlank(data.security_answer) && isBlank(data.security_question)) ctx.addIssue({ code: 'custom', path: ['security_question'], message: issueMessage('REQUIRED'), input: data.security_question });
    if (!isBlank(data.security_question) && isBlank(data.birth_date)) ctx.addIssue({ code: 'custom', path: ['birth_date'], message: issueMessage('REQUIRED'), input: data.birth_date });
  },
  // Also when other fields failed: the visitor sees every error at once.
  always,
);

export type RegisterStep2 = z.output<typeof registerStep2Schema>;

/** Which step a field belongs to: step-2 errors on step-1 fields send the form back (spec §4). */
export function stepOfField(name: string): 1 | 2 {
  return (REGISTER_STEP1_FIELDS as readonly string[]).includes(name) ? 1 : 2;
}

export const otpSchema = z.object({ code: requiredText(otpCode) });

export { GR_REGION_IDS };

// ---------------------------------------------------------------------------------------------------
// Password reset (spec §2 reset-view1 … reset-view6, §7 Password reset)
// ---------------------------------------------------------------------------------------------------

export const RESET_METHODS = ['security_question', 'email', 'sms'] as const;

export const resetEmailSchema = z.object({ email: emailField() });

/** The e-mail code (step 3): the address typed in step 1 travels with it. */
export const resetCodeSchema = z.object({ email: emailField(), code: requiredText(otpCode) });

// After the e-mail is proven every step carries the recovery token, never the address (decision 023).
export const resetQuestionSchema = z.object({
  token: requiredText(),
  answer: requiredText(maxLength(60)),
  birth_date: requiredText(birthDate),
});

export const resetSmsCodeSchema = z.object({ token: requiredText(), code: requiredText(otpCode) });

export const resetPasswordSchema = confirmed(
  z.object({ token: requiredText(), password: newPassword(), password_confirmation: requiredText() }),
  { field: 'password', confirm: 'password_confirmation' },
);

// ---------------------------------------------------------------------------------------------------
// Account area
// ---------------------------------------------------------------------------------------------------

export const passwordChangeSchema = confirmed(
  z.object({ current_password: requiredText(), password: newPassword(), password_confirmation: requiredText() }),
  { field: 'password', confirm: 'password_confirmation' },
);

export const profileSchema = z.object({
  first_name: step1Shape.first_name,
  last_name: step1Shape.last_name,
  mobile: step2Shape.mobile,
  country: step2Shape.country,
  state_id: step2Shape.state_id,
  state: step2Shape.state,
  city: step2Shape.city,
  address: step2Shape.address,
  postcode: step2Shape.postcode,
  /** Needed only when the mobile changes (checked by the service, which knows the old number). */
  current_password: optionalText(),
});

export const securityQuestionSchema = z.object({
  current_password: requiredText(),
  security_question: requiredText(securityQuestion),
  security_answer: requiredText(lengthRange(2, 60)),
  birth_date: requiredText(birthDate),
});

/** A new e-mail address: the current password is always asked (decision 023). */
export const emailChangeSchema = z.object({ email: emailField(), current_password: requiredText() });

export const totpConfirmSchema = z.object({ code: requiredText(otpCode) });
export const passwordOnlySchema = z.object({ current_password: requiredText() });
/** Turning the authenticator app off: the password and a current code from that app (issue #32 §3). */
export const totpDisableSchema = z.object({ current_password: requiredText(), code: requiredText(otpCode) });

const renewDaysMessage = encodeMessage({ key: 'mydomains:autorenew_plan.days_range', params: { min: RENEW_DAYS_MIN, max: RENEW_DAYS_MAX } });

// The newsletter is not a box here: it has its own double opt-in card (issue #24 §2).
export const preferencesSchema = z.object({
  locale: requiredSelect(['el', 'en']),
  gdpr_communication: checkbox(),
  // Auto-renew's days before expiry (issue #25 §1); left out by an older form: kept as it is.
  renew_days_before: z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? undefined : v),
    z.coerce
      .number({ error: renewDaysMessage })
      .int({ error: renewDaysMessage })
      .min(RENEW_DAYS_MIN, { error: renewDaysMessage })
      .max(RENEW_DAYS_MAX, { error: renewDaysMessage })
      .optional(),
  ),
});

export const emailTwoFactorSchema = z.object({ current_password: requiredText(), enabled: checkbox() });
