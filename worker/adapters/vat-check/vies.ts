// The real VAT check: the European Commission's VIES REST API.
//   POST https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number
//   { countryCode: 'DE', vatNumber: '123456789', requesterMemberStateCode?, requesterNumber? }
//   → { countryCode, vatNumber, requestDate, valid, requestIdentifier, name, address, userError, … }
// userError is 'VALID' or 'INVALID' on an answer; otherwise it names why there was none
// (MS_UNAVAILABLE, TIMEOUT, SERVICE_UNAVAILABLE, MS_MAX_CONCURRENT_REQ, …). Failures may also come
// as { actionSucceed: false, errorWrappers: [{ error, message }] }, with HTTP 200 or an error status.
// A consultation number (requestIdentifier) is issued only when we name ourselves as the requester.
import { normaliseVatNumber, viesCountryCode, VIES_MEMBER_STATES } from './greek-afm';
import { VAT_CHECK_UNAVAILABLE, VatCheckError, type VatCheckPort, type VatCheckResult } from './port';

export const VIES_CHECK_URL = 'https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number';

export type ViesConfig = {
  fetch?: typeof fetch;
  url?: string;
  /** Our own VAT registration (EL + our ΑΦΜ): with it, VIES issues a consultation number for each check. */
  requester?: { countryIso2: string; vatNumber: string };
  now?: () => Date;
  timeoutMs?: number;
};

const DEFAULT_TIMEOUT_MS = 10_000;

/** The fields of an answer; the rest of VatCheckResult is ours. */
export type ViesAnswer = { valid: boolean; name: string | null; address: string | null; requestIdentifier: string | null };

// Malformed input is VIES's way of saying "no such number": an answer, not an outage.
const INVALID_INPUT = 'INVALID_INPUT';
const ANSWERED = new Set(['VALID', 'INVALID']);

/**
 * Reads VIES's reply. Returns the answer, or throws VatCheckError for every reply that is not one
 * (busy, down, timed out, blocked, our requester details refused, a body we cannot read).
 */
export function parseViesResponse(json: unknown, httpStatus: number): ViesAnswer {
  const refused = (reason: string): never => {
    throw new VatCheckError(VAT_CHECK_UNAVAILABLE, { reason, httpStatus });
  };
  if (!isRecord(json)) return refused(httpStatus >= 200 && httpStatus < 300 ? 'bad_response' : `http_${httpStatus}`);
  const wrapped = Array.isArray(json.errorWrappers) ? json.errorWrappers.find(isRecord) : undefined;
  const failure = wrapped && typeof wrapped.error === 'string' ? wrapped.error : typeof json.userError === 'string' && !ANSWERED.has(json.userError) ? json.userError : null;
  if (failure === INVALID_INPUT) return { valid: false, name: null, address: null, requestIdentifier: null };
  if (failure) return refused(failure);
  if (json.actionSucceed === false || httpStatus < 200 || httpStatus >= 300) return refused(`http_${httpStatus}`);
  // The POST endpoint says `valid`; the GET one (/ms/{cc}/vat/{n}) says `isValid`.
  const valid = typeof json.valid === 'boolean' ? json.valid : json.isValid;
  if (typeof valid !== 'boolean') return refused('bad_response');
  return { valid, name: text(json.name), address: text(json.address), requestIdentifier: text(json.requestIdentifier) };
}

export function createViesVatCheck(config: ViesConfig = {}): VatCheckPort {
  const doFetch = config.fetch ?? fetch;
  const now = config.now ?? (() => new Date());
  const url = config.url ?? VIES_CHECK_URL;
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const requester = config.requester
    ? { requesterMemberStateCode: viesCountryCode(config.requester.countryIso2), requesterNumber: normaliseVatNumber(config.requester.countryIso2, config.requester.vatNumber) }
    : {};

  return {
    async check(countryIso2, input) {
      const countryCode = viesCountryCode(countryIso2);
      const vatNumber = normaliseVatNumber(countryIso2, input);
      const result = (answer: ViesAnswer): VatCheckResult => ({ ...answer, countryCode, vatNumber, checkedAt: now().toISOString(), source: 'vies' });
      // VIES would only answer INVALID_INPUT: no need to ask about a country or number it cannot know.
      if (!VIES_MEMBER_STATES.has(countryCode) || !vatNumber) return result({ valid: false, name: null, address: null, requestIdentifier: null });

      let res: Response;
      try {
        res = await doFetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ countryCode, vatNumber, ...requester }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        throw new VatCheckError(VAT_CHECK_UNAVAILABLE, { reason: timedOut ? 'timeout' : 'network' });
      }
      const json = await res.json().catch(() => null);
      return result(parseViesResponse(json, res.status));
    },
  };
}

function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed ? trimmed : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
