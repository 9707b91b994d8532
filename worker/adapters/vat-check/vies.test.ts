import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../core/errors';
import { VatCheckError } from './port';
import { createViesVatCheck, parseViesResponse, VIES_CHECK_URL } from './vies';

type Call = { url: string; method: string; headers: Headers; body: Record<string, unknown> | null };

function fakeFetch(answer: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const impl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = { url: String(input), method: init?.method ?? 'GET', headers: new Headers(init?.headers), body: typeof init?.body === 'string' ? JSON.parse(init.body) : null };
    calls.push(call);
    return answer(call);
  }) as typeof fetch;
  return { impl, calls };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const NOW = new Date('2026-05-12T09:30:00.000Z');

// The shape VIES's check-vat-number answers with (names and numbers made up).
const VALID_ANSWER = {
  countryCode: 'DE',
  vatNumber: '123456789',
  requestDate: '2026-05-12T09:30:00.512Z',
  valid: true,
  requestIdentifier: 'WAPIAAAAZ1X2Y3W4',
  name: '---',
  address: '---',
  traderName: '',
  traderStreet: '',
  traderPostalCode: '',
  traderCity: '',
  traderCompanyType: '',
  traderNameMatch: 'NOT_PROCESSED',
  traderStreetMatch: 'NOT_PROCESSED',
  traderPostalCodeMatch: 'NOT_PROCESSED',
  traderCityMatch: 'NOT_PROCESSED',
  traderCompanyTypeMatch: 'NOT_PROCESSED',
};

async function failure(p: Promise<unknown>): Promise<{ code: number; reason: string }> {
  try {
    await p;
  } catch (error) {
    if (error instanceof VatCheckError) return { code: error.code, reason: error.detail.reason };
    throw error;
  }
  throw new Error('expected a VatCheckError');
}

describe('VIES client', () => {
  it('posts the normalised number with the VIES country code and our requester, and keeps the consultation number', async () => {
    const { impl, calls } = fakeFetch(() => json({ ...VALID_ANSWER, countryCode: 'EL', vatNumber: '123456783', name: 'ΠΑΡΑΔΕΙΓΜΑ Α.Ε.', address: 'ΕΡΜΟΥ 10 \n10563 - ΑΘΗΝΑ' }));
    const vies = createViesVatCheck({ fetch: impl, now: () => NOW, requester: { countryIso2: 'GR', vatNumber: 'EL 800187403' } });
    expect(await vies.check('GR', 'EL 123 456 783')).toEqual({
      valid: true,
      countryCode: 'EL',
      vatNumber: '123456783',
      name: 'ΠΑΡΑΔΕΙΓΜΑ Α.Ε.',
      address: 'ΕΡΜΟΥ 10 \n10563 - ΑΘΗΝΑ',
      requestIdentifier: 'WAPIAAAAZ1X2Y3W4',
      checkedAt: NOW.toISOString(),
      source: 'vies',
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(VIES_CHECK_URL);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]!.body).toEqual({ countryCode: 'EL', vatNumber: '123456783', requesterMemberStateCode: 'EL', requesterNumber: '800187403' });
  });

  it('sends no requester when none is configured; an empty consultation number is null', async () => {
    const { impl, calls } = fakeFetch(() => json({ ...VALID_ANSWER, requestIdentifier: '' }));
    const result = await createViesVatCheck({ fetch: impl, now: () => NOW }).check('DE', 'DE123456789');
    expect(result).toMatchObject({ valid: true, name: '---', address: '---', requestIdentifier: null });
    expect(calls[0]!.body).toEqual({ countryCode: 'DE', vatNumber: '123456789' });
  });

  it('reports a "no" as valid: false', async () => {
    const { impl } = fakeFetch(() => json({ ...VALID_ANSWER, valid: false, userError: 'INVALID' }));
    expect(await createViesVatCheck({ fetch: impl, now: () => NOW }).check('DE', '123456780')).toMatchObject({ valid: false, source: 'vies' });
  });

  it('does not ask about a country VIES does not cover, or an empty number', async () => {
    const { impl, calls } = fakeFetch(() => json(VALID_ANSWER));
    const vies = createViesVatCheck({ fetch: impl, now: () => NOW });
    expect(await vies.check('US', '123456789')).toMatchObject({ valid: false, countryCode: 'US', requestIdentifier: null });
    expect(await vies.check('DE', ' - ')).toMatchObject({ valid: false, vatNumber: '' });
    expect(calls).toHaveLength(0);
  });

  it('turns network errors and timeouts into VatCheckError 49997', async () => {
    const down = fakeFetch(() => {
      throw new TypeError('fetch failed');
    });
    expect(await failure(createViesVatCheck({ fetch: down.impl }).check('DE', '123456789'))).toEqual({ code: ErrorCode.NETWORK_CONNECTION_ERROR, reason: 'network' });
    const slow = (async (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)))) as typeof fetch;
    expect(await failure(createViesVatCheck({ fetch: slow, timeoutMs: 20 }).check('DE', '123456789'))).toEqual({ code: ErrorCode.NETWORK_CONNECTION_ERROR, reason: 'timeout' });
  });
});

describe('parseViesResponse', () => {
  const reasonOf = (body: unknown, status = 200): string => {
    try {
      parseViesResponse(body, status);
      return 'answered';
    } catch (error) {
      if (error instanceof VatCheckError && error.code === ErrorCode.NETWORK_CONNECTION_ERROR) return error.detail.reason;
      throw error;
    }
  };

  it('reads valid, name, address and consultation number; also the GET endpoint’s isValid', () => {
    expect(parseViesResponse({ ...VALID_ANSWER, userError: 'VALID', name: ' ACME BV ' }, 200)).toEqual({ valid: true, name: 'ACME BV', address: '---', requestIdentifier: 'WAPIAAAAZ1X2Y3W4' });
    expect(parseViesResponse({ isValid: false, userError: 'INVALID', name: '---' }, 200)).toEqual({ valid: false, name: '---', address: null, requestIdentifier: null });
  });

  it('treats INVALID_INPUT as an answer (no such number), in either envelope', () => {
    expect(parseViesResponse({ valid: false, userError: 'INVALID_INPUT' }, 200)).toMatchObject({ valid: false, requestIdentifier: null });
    expect(parseViesResponse({ actionSucceed: false, errorWrappers: [{ error: 'INVALID_INPUT', message: 'The provided CountryCode is invalid or the VAT number is empty' }] }, 400)).toMatchObject({
      valid: false,
    });
  });

  it('refuses every outage and throttling value of userError', () => {
    for (const code of ['MS_UNAVAILABLE', 'TIMEOUT', 'SERVICE_UNAVAILABLE', 'MS_MAX_CONCURRENT_REQ', 'GLOBAL_MAX_CONCURRENT_REQ', 'IP_BLOCKED', 'VAT_BLOCKED', 'INVALID_REQUESTER_INFO']) {
      expect(reasonOf({ valid: false, userError: code })).toBe(code);
    }
  });

  it('refuses the errorWrappers envelope, with HTTP 200 or an error status', () => {
    expect(reasonOf({ actionSucceed: false, errorWrappers: [{ error: 'MS_MAX_CONCURRENT_REQ' }] })).toBe('MS_MAX_CONCURRENT_REQ');
    expect(reasonOf({ actionSucceed: false, errorWrappers: [{ error: 'SERVICE_UNAVAILABLE', message: 'x' }] }, 500)).toBe('SERVICE_UNAVAILABLE');
  });

  it('refuses what is not an answer at all', () => {
    expect(reasonOf(null, 502)).toBe('http_502');
    expect(reasonOf(null, 200)).toBe('bad_response');
    expect(reasonOf({ name: 'ACME' })).toBe('bad_response');
    expect(reasonOf({ valid: true }, 500)).toBe('http_500');
    expect(reasonOf({ actionSucceed: false })).toBe('http_200');
  });
});
