import { describe, expect, it } from 'vitest';
import { CATALOGUE, ErrorCode } from './catalogue';
import { describeHttpFailure, envelopeFor } from './http';
import { ALERT_AUTOHIDE_MS, REQUEST_TIMEOUT_MS } from '.';

describe('describeHttpFailure', () => {
  it('maps each listed status to its own message', () => {
    expect(describeHttpFailure({ status: 400 })).toEqual({ kind: 'http400', key: 'http.400', handling: 'alert' });
    expect(describeHttpFailure({ status: 404 })).toEqual({ kind: 'http404', key: 'http.404', handling: 'alert' });
    expect(describeHttpFailure({ status: 429 })).toEqual({ kind: 'http429', key: 'http.429', handling: 'alert' });
    expect(describeHttpFailure({ status: 500 })).toEqual({ kind: 'http500', key: 'http.500', handling: 'alert' });
    expect(describeHttpFailure({ status: 503 })).toEqual({ kind: 'http503', key: 'http.503', handling: 'alert' });
  });
  it('shows any other non-200 status with its code', () => {
    expect(describeHttpFailure({ status: 418 })).toEqual({
      kind: 'http_other',
      key: 'http.other',
      params: { status: 418 },
      handling: 'alert',
    });
    expect(describeHttpFailure({ status: 502 }).params).toEqual({ status: 502 });
  });
  it('alerts on a timeout and opens the connection-error modal when it cannot recover', () => {
    expect(describeHttpFailure({ timedOut: true })).toEqual({ kind: 'timeout', key: 'http.timeout', handling: 'alert' });
    expect(describeHttpFailure({ timedOut: true, unrecoverable: true })).toEqual({
      kind: 'unrecoverable_timeout',
      key: 'http.connection_error',
      handling: 'modal',
    });
  });
  it('shows the generic error for other connection failures', () => {
    const generic = { kind: 'connection', key: 'http.generic', handling: 'alert' };
    expect(describeHttpFailure({ networkError: true })).toEqual(generic);
    expect(describeHttpFailure({ status: 0 })).toEqual(generic);
    expect(describeHttpFailure({})).toEqual(generic);
  });
});

describe('envelopeFor', () => {
  it('marks success and notice codes as successful', () => {
    expect(envelopeFor(1000, 'ok', { id: 1 })).toEqual({ success: true, code: 1000, msg: 'ok', data: { id: 1 } });
    expect(envelopeFor(1005, '', null).success).toBe(true);
    expect(envelopeFor(ErrorCode.PROFILE_UPDATED_SUCCESSFULLY, '', null).success).toBe(true);
    for (const e of CATALOGUE.filter((x) => x.handling === 'success')) expect(envelopeFor(e.code, '', null).success).toBe(true);
  });
  it('marks failures, and unknown codes, as unsuccessful', () => {
    expect(envelopeFor(100, 'bad', { field: ['required'] }).success).toBe(false);
    expect(envelopeFor(ErrorCode.ITEM_ALREADY_IN_CART, '', null).success).toBe(false);
    expect(envelopeFor(2004, '', null).success).toBe(false);
    expect(envelopeFor(12345, '', null)).toEqual({ success: false, code: 12345, msg: '', data: null });
    const failures = ['alert', 'form_alert', 'field', 'reload', 'full_reload', 'redirect', 'ignored', 'generic'];
    for (const e of CATALOGUE.filter((x) => failures.includes(x.handling))) {
      expect([e.name, envelopeFor(e.code, '', null).success]).toEqual([e.name, false]);
    }
  });
});

describe('constants', () => {
  it('match spec §7 and §8', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(30000);
    expect(ALERT_AUTOHIDE_MS).toBe(11000);
  });
});
