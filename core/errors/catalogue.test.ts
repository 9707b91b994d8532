import { describe, expect, it } from 'vitest';
import { CATALOGUE, entriesByCode, entryByCode, entryByName, ErrorCode, resolveCode, type ErrorCodeNumber } from './catalogue';

// Transcribed from spec §8 by hand, section by section, so a row dropped from the table shows up.
const SPEC_CODES: Record<string, number[]> = {
  general: [100, 101, 120, 126, 127, 150, 151, 152, 175, 400, 402, 403, 1000, 1005, 49500, 49997, 50000, 100000],
  profile: [1050, 1051, 1052, 1053, 1055, 1056, 1059, 1060, 1061, 1062, 1063, 1064, 1065],
  login: [2000, 2001, 2004, 2005, 2164, 2010, 2011, 2100, 2101, 2104, 2150, 2160, 2161, 2162, 2163, 2200, 2500],
  billing: [3000, 3001, 3002, 7502, 7503, 7510, 7511, 7530],
  catalog: [10005, 10009, 10010, 10013, 10016, 10017, 10019],
  registry: [26000, 26050, 27000, 27001, 27002, 27003, 27004, 28000],
  domainSearch: [
    30001, 30002, 30003, 30005, 30006, 30008, 30009, 30010, 30012, 30013, 30014, 30015, 30019, 30020, 30021, 30022,
    30023, 30024, 30025, 30026, 30027, 30034,
  ],
  nameservers: [
    32006, 32050, 32051, 32052, 32053, 32060, 32075, 32077, 32078, 32100, 32101, 32103, 32104, 32107,
  ],
  hosting: [33003],
  cart: [
    35000, 35001, 35002, 35003, 35004, 35005, 35006, 35007, 35008, 35009, 35010, 35011, 35013, 35014, 35015, 35018,
    35019, 35022, 35024,
  ],
  saleDocuments: [
    35500, 35502, 35503, 35504, 35505, 35506, 35507, 35508, 35510, 35511, 35512, 35513, 35514, 35515, 35516, 35517,
    35523, 35601, 35602, 35603, 35604, 35700, 35701, 35702, 35703, 35802, 36101, 36102, 36103,
  ],
  notifications: [38001],
  ssl: [
    39750, 39751, 39752, 39753, 39754, 39755, 39756, 39757, 39758, 39759, 39760, 39764, 39786, 39791, 39792, 39797,
  ],
  serverProvider: [40501, 40505],
  gdpr: [43000, 43001, 43002, 43005, 43006, 43007],
  otp: [80033, 80041, 80042, 90005, 90100, 90101, 90102, 90103, 90104, 90105, 90106],
};

// Codes the product added beyond spec §8, each with the issue that asked for it.
const BEYOND_SPEC: Record<string, number[]> = {
  // Issue #24 §3: erasure of the account's personal data (GDPR Art. 17).
  erasure: [43010, 43011, 43012, 43013, 43014, 43015],
  // Issue #32 §1: a renewal line's options are the service's; a renewal and a plan change are never both open.
  serviceLines: [44000, 44001, 44002],
  // Issue #32 §1: renewals paid twice, orders that lapse unpaid (decision 088).
  renewalOrders: [44040, 44041, 44042, 44043],
  // Issue #32 §3: a form action posted a body that is no form, or a broken multipart.
  formBody: [44200, 44201],
  // Issue #32 §3: staff cannot turn their mandatory second factor off.
  staffTwoFactor: [44120],
  // Issue #32 §3.3: our limit on server power actions and reinstalls.
  serverActions: [44160],
  // Issue #32 §3 (decision 091): a sealed panel password the configured keys do not open.
  panelSecret: [44170],
  // Issue #33 §3: the staff e-mail log, its resend, support's safe actions and the bounce webhook.
  mailLog: [44330, 44331, 44332, 44333, 44334, 44335, 44336, 44337, 44338, 44339],
};

// Codes whose form-alert marker (*) the spec gives in "Domain search and registration", plus 26000.
const FORM_ALERT_CODES = [
  26000, 2000, 30009, 30010, 30013, 30014, 30019, 30020, 30021, 30022, 30023, 30024, 30025, 30026, 30027, 30034,
];

describe('error catalogue', () => {
  it('holds every code of spec §8 and nothing else (besides the ones issues added)', () => {
    const expected = [...new Set([...Object.values(SPEC_CODES), ...Object.values(BEYOND_SPEC)].flat())].sort((a, b) => a - b);
    const actual = [...new Set(CATALOGUE.map((e) => e.code))].sort((a, b) => a - b);
    expect(actual).toEqual(expected);
  });

  it('has one entry per code except 32100, which keeps both of its names', () => {
    const counts = new Map<number, number>();
    for (const e of CATALOGUE) counts.set(e.code, (counts.get(e.code) ?? 0) + 1);
    const repeated = [...counts].filter(([, n]) => n > 1).map(([code]) => code);
    expect(repeated).toEqual([32100]);
    expect(entriesByCode(32100).map((e) => e.name)).toEqual(['contact_update_chargeable', 'contact_maximum_reached']);
    expect(entryByCode(32100)?.name).toBe('contact_update_chargeable');
  });

  it('has unique snake_case names whose key is the name', () => {
    const names = CATALOGUE.map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
    for (const e of CATALOGUE) {
      expect(e.name).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
      expect(e.key).toBe(e.name);
    }
  });

  it('uses the names the spec gives, including the renamed duplicates', () => {
    expect(entryByCode(35004)?.name).toBe('item_already_in_cart');
    expect(entryByCode(90101)?.name).toBe('otp_mismatch_no_params');
    expect(entryByCode(90105)?.name).toBe('otp_mismatch');
    expect(entryByCode(30021)?.name).toBe('domain_registrant_already_provider');
    expect(entryByCode(80033)?.name).toBe('unacceptable_email_for_auth_register');
    expect(entryByCode(90005)?.name).toBe('otp_already_verified');
    expect(entryByCode(90106)?.name).toBe('otp_already_sent');
    expect(entryByName('server_provider_product_not_found')?.code).toBe(40501);
  });

  it('applies the handling the spec gives', () => {
    const given: Array<[number, string]> = [
      [100, 'field'],
      [101, 'field'],
      [120, 'alert'],
      [150, 'generic'],
      [400, 'ignored'],
      [402, 'full_reload'],
      [403, 'alert'],
      [1000, 'none'],
      [49500, 'reload'],
      [100000, 'redirect'],
      [2004, 'warning'],
      [2163, 'warning'],
      [3000, 'info_modal'],
      [7503, 'info_modal'],
      [7530, 'field'],
      [35004, 'alert'],
      [39792, 'alert'],
      [1050, 'success'],
      [3001, 'success'],
    ];
    for (const [code, handling] of given) expect([code, entryByCode(code)?.handling]).toEqual([code, handling]);
    for (const code of FORM_ALERT_CODES) expect([code, entryByCode(code)?.handling]).toEqual([code, 'form_alert']);
  });

  it('gives every entry a plausible HTTP status', () => {
    for (const e of CATALOGUE) {
      expect([e.name, [200, 400, 401, 402, 403, 404, 409, 415, 429, 500, 502, 503].includes(e.httpStatus)]).toEqual([e.name, true]);
      if (e.handling === 'success' || e.handling === 'none') expect([e.name, e.httpStatus]).toEqual([e.name, 200]);
      if (e.name.endsWith('_not_found')) expect([e.name, e.httpStatus]).toEqual([e.name, 404]);
    }
    expect(entryByName('validation_error')?.httpStatus).toBe(400);
    expect(entryByName('access_denied')?.httpStatus).toBe(403);
    expect(entryByName('token_error')?.httpStatus).toBe(403);
    expect(entryByName('sql_error')?.httpStatus).toBe(500);
    expect(entryByName('registry_maintenance')?.httpStatus).toBe(503);
    expect(entryByName('ssl_store_in_maintenance')?.httpStatus).toBe(503);
    expect(entryByName('otp_too_many_requests')?.httpStatus).toBe(429);
    expect(entryByName('item_already_in_cart')?.httpStatus).toBe(409);
  });
});

describe('ErrorCode', () => {
  it('maps every upper-cased name to its code', () => {
    const codes = ErrorCode as Record<string, number>;
    expect(Object.keys(codes)).toHaveLength(CATALOGUE.length);
    for (const e of CATALOGUE) expect(codes[e.name.toUpperCase()]).toBe(e.code);
  });

  it('exposes the constants callers use', () => {
    const cartCode: ErrorCodeNumber = ErrorCode.ITEM_ALREADY_IN_CART;
    expect(cartCode).toBe(35004);
    expect(ErrorCode.VALIDATION_ERROR).toBe(100);
    expect(ErrorCode.TOKEN_ERROR).toBe(49500);
    expect(ErrorCode.SUCCESS).toBe(1000);
    expect(ErrorCode.CONTACT_UPDATE_CHARGEABLE).toBe(32100);
    expect(ErrorCode.CONTACT_MAXIMUM_REACHED).toBe(32100);
    expect(ErrorCode.OTP_MISMATCH_NO_PARAMS).toBe(90101);
    expect(Object.isFrozen(ErrorCode)).toBe(true);
  });
});

describe('resolveCode', () => {
  it('resolves a number', () => {
    expect(resolveCode(35004).name).toBe('item_already_in_cart');
    expect(resolveCode(100000).handling).toBe('redirect');
  });
  it('resolves a name, as responses may carry one (spec §7)', () => {
    expect(resolveCode('token_error').code).toBe(49500);
    expect(resolveCode('contact_maximum_reached').code).toBe(32100);
  });
  it('resolves a number sent as text', () => {
    expect(resolveCode('49500').name).toBe('token_error');
  });
  it('falls back to undefined_code for anything unknown', () => {
    expect(resolveCode(12345).name).toBe('undefined_code');
    expect(resolveCode('no_such_code').code).toBe(50000);
    expect(resolveCode('').code).toBe(50000);
    expect(entryByCode(12345)).toBeUndefined();
    expect(entryByName('no_such_code')).toBeUndefined();
    expect(entriesByCode(12345)).toEqual([]);
  });
});
