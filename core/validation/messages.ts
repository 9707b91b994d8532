// Message keys of spec §5. The spec names each rule's message by an upper-case key ('LENGTH.MIN');
// the wording lives in the `validation` i18n namespace, so a rule only ever carries a key and its
// parameters and the page translates it in the visitor's language.

/** Spec key → i18n key (namespace `validation`, file i18n/{el,en}/validation.json). */
export const MESSAGES = {
  REQUIRED: 'validation:required',
  /** The general wording of spec §5 "required": 'Please fill in all required fields'. */
  REQUIRED_ALL: 'validation:required_all',
  'LENGTH.MIN': 'validation:length_min',
  'LENGTH.MAX': 'validation:length_max',
  'LENGTH.RANGE': 'validation:length_range',
  INTERNATIONAL: 'validation:international',
  EMAIL: 'validation:email',
  'ILLEGAL.CHARS': 'validation:illegal_chars',
  ASCII: 'validation:ascii',
  NUMERIC: 'validation:numeric',
  'VALUES.MIN': 'validation:values_min',
  'VALUES.MAX': 'validation:values_max',
  /** Not a spec key: a staff amount that is a different sum in Greek and English notation (1.234). */
  AMOUNT_AMBIGUOUS: 'validation:amount_ambiguous',
  ERPID: 'validation:erpid',
  PASSWORD: 'validation:password',
  PASSWORD_STRENGTH: 'validation:password_strength',
  NOTCONFIRMED: 'validation:notconfirmed',
  UNIQUE: 'validation:unique',
  TERMS: 'validation:terms',
  'CONTACT_PROFILES.MISSING': 'validation:contact_profiles_missing',
  'IP.INVALID_CHARS': 'validation:ip_invalid_chars',
  'IP.INVALID_SYNTAX': 'validation:ip_invalid_syntax',
  'IP.NOT_FOUND': 'validation:ip_not_found',
  'NAME_SERVERS.INVALID_CHARS': 'validation:name_servers_invalid_chars',
  'NAME_SERVERS.INVALID_SYNTAX': 'validation:name_servers_invalid_syntax',
  'DOMAIN.INVALID': 'validation:domain_invalid',
  'DOMAIN.TOO_LONG': 'validation:domain_too_long',
  'WHOIS.MIN': 'validation:whois_min',
  NOCHANGES: 'validation:nochanges',
  /** Spec §5 Registration calls it VALIDATION_MESSAGES.ERRORS.NO_CAPTCHA. */
  NO_CAPTCHA: 'validation:no_captcha',
  /** Not a spec key: an answer was given and it is wrong (issue #25 §5). */
  CAPTCHA_WRONG: 'validation:captcha_wrong',
  'gdpr.login.accept_all_above_label_error': 'validation:gdpr_accept_all_above_label_error',
  // Spec §5 GDPR on the consents page: each required box has its own message (issue #24 §3).
  GDPR_PROCESSING: 'validation:gdpr_processing_required',
  GDPR_VALIDITY: 'validation:gdpr_validity_required',
  GDPR_ACCEPT_ALL: 'validation:gdpr_accept_all_required',
  // Not spec keys: the account forms of issue #3 need these as well.
  /** A password found in the list of common breached passwords (issue #3 §6). */
  PASSWORD_COMMON: 'validation:password_common',
  /** Registration: an account with this e-mail exists already. */
  EMAIL_TAKEN: 'validation:email_taken',
  /** A VAT number (ΑΦΜ) that fails its check digit, or that VIES does not confirm. */
  VAT_INVALID: 'validation:vat_invalid',
  /** VIES did not answer: the profile can be saved later, or as a receipt. */
  VAT_UNAVAILABLE: 'validation:vat_unavailable',
  /** A Greek invoice's ΔΟΥ that is not one of AADE's offices (core/greek-tax-offices.ts). */
  TAX_OFFICE: 'validation:tax_office_unknown',
  /** Coupons at checkout (core/orders/coupons.ts gives which). */
  COUPON_INVALID: 'validation:coupon_invalid',
  COUPON_NOT_YET: 'validation:coupon_not_yet',
  COUPON_EXPIRED: 'validation:coupon_expired',
  COUPON_NOT_FOR_YOU: 'validation:coupon_not_for_you',
  // Which customers a coupon's filters are for (issue #22 §2).
  COUPON_NEW_CUSTOMERS_ONLY: 'validation:coupon_new_customers_only',
  COUPON_OLD_CUSTOMERS_ONLY: 'validation:coupon_old_customers_only',
  COUPON_FIRST_ORDER_ONLY: 'validation:coupon_first_order_only',
  // The back office's coupon form (issue #22 §2).
  COUPON_CODE_TAKEN: 'validation:coupon_code_taken',
  COUPON_DATES_ORDER: 'validation:coupon_dates_order',
  COUPON_PER_CUSTOMER_OVER_TOTAL: 'validation:coupon_per_customer_over_total',
  // Coupon limits (issue #10 §2, core/orders/coupons.ts).
  COUPON_ALREADY_USED: 'validation:coupon_already_used',
  COUPON_USED_UP: 'validation:coupon_used_up',
  COUPON_MIN_ORDER: 'validation:coupon_min_order',
  COUPON_ZERO_TOTAL: 'validation:coupon_zero_total',
  /** A mobile number in international form (+30 69…). */
  MOBILE: 'validation:mobile',
  /** A date typed as dd/mm/yyyy that is a real date in the past. */
  BIRTH_DATE: 'validation:birth_date',
  /** A one-time code: six digits. */
  OTP_FORMAT: 'validation:otp_format',
  /** Back office: no customer has this e-mail. */
  CUSTOMER_NOT_FOUND: 'validation:customer_not_found',
  /**
   * Not a spec key: what a zod message that is not ours decodes to (a wrong type from a hand-made
   * request, for instance), so that every error still has a translated text.
   */
  INVALID: 'validation:invalid',
} as const;

export type MessageKey = keyof typeof MESSAGES;

export type ValidationMessage = { key: string; params?: Record<string, string | number> };

/** The message of a spec key, with its parameters (the bounds of LENGTH.*, VALUES.*, …). */
export function message(key: MessageKey, params?: Record<string, string | number>): ValidationMessage {
  return params ? { key: MESSAGES[key], params } : { key: MESSAGES[key] };
}

/**
 * zod issue messages are strings, so a message travels as JSON: `{"key":"validation:length_min",
 * "params":{"min":3}}`. JSON rather than a 'key|min=3' form because parameters can be any text
 * (a pattern, a label) and JSON needs no escaping rules of our own; the key keeps its namespace so a
 * rule may also point at another namespace (the nameserver count errors of `errors`).
 */
export function encodeMessage(m: ValidationMessage): string {
  return JSON.stringify(m.params && Object.keys(m.params).length > 0 ? { key: m.key, params: m.params } : { key: m.key });
}

/** The issue message of a spec key: what rules hand to zod. */
export function issueMessage(key: MessageKey, params?: Record<string, string | number>): string {
  return encodeMessage(message(key, params));
}

function isParams(value: unknown): value is Record<string, string | number> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((v) => typeof v === 'string' || typeof v === 'number');
}

/**
 * Any zod issue message → something `t(key, params)` can show. A message that is not one of ours
 * (zod's own English text) becomes the generic INVALID message instead of reaching the page untranslated.
 */
export function decodeMessage(text: string): ValidationMessage {
  if (text.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'object' && parsed !== null && 'key' in parsed && typeof parsed.key === 'string' && parsed.key !== '') {
        const params = 'params' in parsed ? parsed.params : undefined;
        if (params === undefined) return { key: parsed.key };
        if (isParams(params)) return { key: parsed.key, params };
      }
    } catch {
      // not JSON: falls through to the generic message
    }
  }
  return { key: MESSAGES.INVALID };
}
