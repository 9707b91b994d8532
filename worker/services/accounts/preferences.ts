// Visitor preferences kept in cookies (spec §9 "Cookies and storage"): VAT display, VAT country,
// cookie consent and language. Both the JSON call POST /api/user/set-cookie and the plain form
// fallbacks go through setPreference, so the rules live once.
import { ErrorCode, readErrorCodeCookie, resolveCode } from '../../../core/errors';
import { isValidVatCookie, resolveVatDisplay, type VatCountry, type VatDisplay } from '../../../core/vat';
import { SUPPORTED_LANGUAGES, type Language } from '../../../i18n/config';
import { deleteCookie, parseCookies, serializeCookie, wantsSecure } from '../../http/cookies';
import { getServerT } from '../../../i18n/server';

export const PREFERENCE_COOKIES = ['showVat', 'countryVat', 'cookiesAccepted', 'lng'] as const;
export type PreferenceCookie = (typeof PREFERENCE_COOKIES)[number];

const DAY = 24 * 60 * 60;
/** Spec §9: the cookie-acceptance cookie lives 1095 days; the others a year. */
const LIFETIME: Record<PreferenceCookie, number> = { cookiesAccepted: 1095 * DAY, showVat: 365 * DAY, countryVat: 365 * DAY, lng: 365 * DAY };

export type Preferences = {
  showVat: string | null;
  countryVat: string | null;
  cookiesAccepted: boolean;
  lng: Language | null;
};

export function readPreferences(request: Request): Preferences {
  const c = parseCookies(request.headers.get('Cookie'));
  const lng = c.lng && (SUPPORTED_LANGUAGES as readonly string[]).includes(c.lng) ? (c.lng as Language) : null;
  return { showVat: c.showVat ?? null, countryVat: c.countryVat ?? null, cookiesAccepted: c.cookiesAccepted === 'true', lng };
}

/** `vatWaived`: the customer's default billing profile is reverse-charged, which forces 'without VAT'. */
export function vatDisplayFor(prefs: Preferences, countries: readonly VatCountry[], options: { vatWaived?: boolean } = {}): VatDisplay {
  return resolveVatDisplay(prefs, countries, options);
}

export type SetPreferenceInput = { cName?: unknown; cValue?: unknown; cAction?: unknown };
export type SetPreferenceResult =
  | { ok: true; cookie: string; name: PreferenceCookie; value: string }
  | { ok: false; code: number; field: 'cName' | 'cValue' | 'cAction' };

export function setPreference(request: Request, input: SetPreferenceInput, countries: readonly VatCountry[]): SetPreferenceResult {
  const name = typeof input.cName === 'string' ? input.cName : '';
  if (!(PREFERENCE_COOKIES as readonly string[]).includes(name)) return { ok: false, code: ErrorCode.COOKIE_INVALID_NAME, field: 'cName' };
  const cName = name as PreferenceCookie;
  const action = input.cAction === undefined || input.cAction === '' ? 'set' : input.cAction;
  if (action !== 'set' && action !== 'remove') return { ok: false, code: ErrorCode.VALIDATION_ERROR, field: 'cAction' };
  const secure = wantsSecure(request);
  if (action === 'remove') return { ok: true, cookie: deleteCookie(cName, { secure }), name: cName, value: '' };
  const value = typeof input.cValue === 'string' ? input.cValue.trim() : '';
  const valid =
    cName === 'showVat' || cName === 'countryVat'
      ? isValidVatCookie(cName, cName === 'countryVat' ? value.toUpperCase() : value, countries)
      : cName === 'cookiesAccepted'
        ? value === 'true'
        : (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
  if (!valid) return { ok: false, code: ErrorCode.VALIDATION_ERROR, field: 'cValue' };
  const stored = cName === 'countryVat' ? value.toUpperCase() : value;
  // Not HttpOnly: these are display preferences with no authority, and the spec's client reads them.
  return { ok: true, cookie: serializeCookie(cName, stored, { maxAgeSeconds: LIFETIME[cName], sameSite: 'Lax', secure }), name: cName, value: stored };
}

export const DISMISSED_BANNERS_COOKIE = 'banners_dismissed';
export const WELCOME_COOKIE = 'welcome';
const SLUG_RE = /^[a-z0-9-]{1,64}$/;

export function createPreferenceService() {
  return {
    read: readPreferences,
    set: setPreference,
    vatDisplay: vatDisplayFor,

    /** Spec §8: the errorCode cookie is read on page load, then removed. */
    consumeErrorCode(request: Request, lang: Language): { flash: { type: 'alert' | 'warning' | 'success'; message: string }[]; setCookie: string | null } {
      const raw = parseCookies(request.headers.get('Cookie')).errorCode;
      if (raw === undefined) return { flash: [], setCookie: null };
      const setCookie = deleteCookie('errorCode', { secure: wantsSecure(request) });
      const parsed = readErrorCodeCookie(raw);
      if (!parsed) return { flash: [], setCookie };
      // The marker-stripped text may be a catalogue code or name; otherwise it is shown as it is.
      const entry = resolveCode(parsed.message);
      const message = entry.code !== ErrorCode.UNDEFINED_CODE ? getServerT(lang)(`errors:${entry.key}`) : parsed.message;
      return { flash: [{ type: parsed.type, message }], setCookie };
    },

    /**
     * Issue #25 §6: a completed registration lands where the customer was, and that page greets them
     * once. The cookie only says "greet"; the name comes from the session, the words from the page's language.
     */
    welcomeCookie(request: Request): string {
      return serializeCookie(WELCOME_COOKIE, '1', { httpOnly: true, sameSite: 'Lax', secure: wantsSecure(request), maxAgeSeconds: 600 });
    },

    consumeWelcome(request: Request, lang: Language, firstName: string | null): { flash: { type: 'success'; message: string } | null; setCookie: string | null } {
      if (parseCookies(request.headers.get('Cookie'))[WELCOME_COOKIE] === undefined) return { flash: null, setCookie: null };
      const setCookie = deleteCookie(WELCOME_COOKIE, { secure: wantsSecure(request) });
      // A guest (logged out since) keeps nothing to be greeted for.
      if (firstName === null) return { flash: null, setCookie };
      return { flash: { type: 'success', message: getServerT(lang)('auth:account.welcome', { name: firstName }) }, setCookie };
    },

    /** A catalogue code as a server-rendered alert, like one the errorCode cookie brings. */
    codeFlash(code: number, lang: Language): { type: 'alert' | 'warning' | 'success'; message: string } {
      const entry = resolveCode(code);
      return { type: 'alert', message: getServerT(lang)(`errors:${entry.key}`) };
    },

    dismissedBanners(request: Request): string[] {
      return (parseCookies(request.headers.get('Cookie'))[DISMISSED_BANNERS_COOKIE] ?? '').split('.').filter((s) => SLUG_RE.test(s));
    },

    /** Session cookie: dismissed banners are remembered for the browser session (spec §2). */
    dismissBanner(request: Request, slug: unknown): { ok: true; cookie: string } | { ok: false; code: number } {
      if (typeof slug !== 'string' || !SLUG_RE.test(slug)) return { ok: false, code: ErrorCode.VALIDATION_ERROR };
      const next = [...new Set([...this.dismissedBanners(request), slug])].join('.');
      return { ok: true, cookie: serializeCookie(DISMISSED_BANNERS_COOKIE, next, { sameSite: 'Lax', secure: wantsSecure(request) }) };
    },
  };
}
