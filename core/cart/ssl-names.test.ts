import { describe, expect, it } from 'vitest';
import { domainToAscii } from '../domains/punycode';
import { certificateNames, checkSans, isCertificateHostName, sanAllowance, sslConfigStatus, sslName } from './ssl-names';

describe('SSL extra domain names (SANs): real host names, within the paid count, never the main name twice (issue #20 §2)', () => {
  it('keeps valid names, lower case and without a trailing dot, in the order typed; blanks are unnamed slots', () => {
    expect(checkSans({ commonName: 'example.gr', sans: ['WWW.Example.gr.', '', 'shop.example.com'], max: 3, wildcard: false })).toEqual({
      ok: true,
      sans: ['www.example.gr', 'shop.example.com'],
      errors: {},
    });
  });

  it('refuses what is not a host name, naming the field', () => {
    const r = checkSans({ commonName: 'example.gr', sans: ['localhost', 'exa mple.gr', 'http://x.gr', 'a..gr', 'x.1', 'ok.gr'], max: 6, wildcard: false });
    expect(r.ok).toBe(false);
    expect(r.errors).toEqual({ 0: 'invalid', 1: 'invalid', 2: 'invalid', 3: 'invalid', 4: 'invalid' });
  });

  it('a wildcard name only on a wildcard certificate', () => {
    expect(checkSans({ commonName: 'example.gr', sans: ['*.shop.gr'], max: 1, wildcard: false }).errors).toEqual({ 0: 'wildcard' });
    expect(checkSans({ commonName: '*.example.gr', sans: ['*.shop.gr'], max: 1, wildcard: true })).toMatchObject({ ok: true, sans: ['*.shop.gr'] });
    expect(checkSans({ commonName: '*.example.gr', sans: ['*.*.shop.gr'], max: 1, wildcard: true }).errors).toEqual({ 0: 'invalid' });
  });

  it('refuses the main name again and a name typed twice (in either IDN form)', () => {
    expect(checkSans({ commonName: 'example.gr', sans: ['Example.gr'], max: 1, wildcard: false }).errors).toEqual({ 0: 'duplicate' });
    expect(checkSans({ commonName: 'example.gr', sans: ['a.gr', 'b.gr', 'A.gr'], max: 3, wildcard: false }).errors).toEqual({ 2: 'duplicate' });
    expect(checkSans({ commonName: 'example.gr', sans: ['καφές.gr', domainToAscii('καφές.gr')], max: 2, wildcard: false }).errors).toEqual({ 1: 'duplicate' });
    // The bare name beside its wildcard is two names: a wildcard does not cover its own apex.
    expect(checkSans({ commonName: '*.example.gr', sans: ['example.gr'], max: 1, wildcard: true }).ok).toBe(true);
  });

  it('no more names than the paid count', () => {
    expect(checkSans({ commonName: 'example.gr', sans: ['a.gr', 'b.gr'], max: 1, wildcard: false }).errors).toEqual({ 1: 'too_many' });
    expect(checkSans({ commonName: 'example.gr', sans: ['a.gr'], max: 0, wildcard: false }).errors).toEqual({ 0: 'too_many' });
  });
});

describe('sanAllowance: the names a certificate takes and must have', () => {
  const multi = { san_domains: 3, vendor_settings: { minimum: 0, maximum: 100, domains_per_pack: 5 } };
  it('a single-domain certificate takes no SAN; the multi-domain one includes two beside its main name', () => {
    expect(sanAllowance({ san_domains: 1 }, 0)).toEqual({ included: 0, extra: 0, max: 0, required: 0 });
    expect(sanAllowance({}, 5)).toEqual({ included: 0, extra: 0, max: 0, required: 0 });
    expect(sanAllowance(multi, 0)).toEqual({ included: 2, extra: 0, max: 2, required: 0 });
  });
  it('paid extra domains come after the included ones, and then every one must be named', () => {
    expect(sanAllowance(multi, 5)).toEqual({ included: 2, extra: 5, max: 7, required: 7 });
    // A quantity between the steps counts as the step below (what the cart prices).
    expect(sanAllowance(multi, 7)).toEqual({ included: 2, extra: 5, max: 7, required: 7 });
  });
  it('optional included names still count against the maximum', () => {
    expect(sslConfigStatus({ domain: 'example.gr', sans: ['a.gr'], approvers: { 'example.gr': 'x@example.gr', 'a.gr': 'x@a.gr' } }, sanAllowance(multi, 0), false)).toEqual({ ready: true, problem: null, unnamed: 0 });
    expect(sslConfigStatus({ domain: 'example.gr', sans: ['a.gr', 'b.gr', 'c.gr'] }, sanAllowance(multi, 0), false)).toMatchObject({ ready: false, problem: 'sans_invalid' });
  });
});

describe('an SSL line is ready when every paid name is named and every name has its approver', () => {
  const approvers = { 'example.gr': 'admin@example.gr', 'a.gr': 'admin@a.gr', 'b.gr': 'webmaster@b.gr' };
  it('needs the main domain first', () => {
    expect(sslConfigStatus({}, { max: 0, required: 0 }, false)).toEqual({ ready: false, problem: 'domain', unnamed: 0 });
  });
  it('needs every paid extra domain named: a paid SAN is never dropped', () => {
    expect(sslConfigStatus({ domain: 'example.gr', sans: ['a.gr'], approvers }, { max: 2, required: 2 }, false)).toEqual({ ready: false, problem: 'sans_missing', unnamed: 1 });
    expect(sslConfigStatus({ domain: 'example.gr', approvers }, { max: 1, required: 1 }, false)).toEqual({ ready: false, problem: 'sans_missing', unnamed: 1 });
  });
  it('refuses more names than paid (the quantity was lowered afterwards) and names that became invalid', () => {
    expect(sslConfigStatus({ domain: 'example.gr', sans: ['a.gr', 'b.gr'], approvers }, { max: 1, required: 1 }, false)).toMatchObject({ ready: false, problem: 'sans_invalid' });
    expect(sslConfigStatus({ domain: 'a.gr', sans: ['a.gr'], approvers }, { max: 1, required: 1 }, false)).toMatchObject({ ready: false, problem: 'sans_invalid' });
  });
  it('needs an approver for the main name and for each extra name', () => {
    expect(sslConfigStatus({ domain: 'example.gr', sans: ['a.gr', 'c.gr'], approvers }, { max: 2, required: 2 }, false)).toEqual({ ready: false, problem: 'approver', unnamed: 0 });
    expect(sslConfigStatus({ domain: 'example.gr' }, { max: 0, required: 0 }, false)).toEqual({ ready: false, problem: 'approver', unnamed: 0 });
    expect(sslConfigStatus({ domain: 'example.gr', sans: ['a.gr', 'b.gr'], approvers }, { max: 2, required: 2 }, false)).toEqual({ ready: true, problem: null, unnamed: 0 });
    expect(sslConfigStatus({ domain: 'example.gr', approvers }, { max: 0, required: 0 }, false)).toEqual({ ready: true, problem: null, unnamed: 0 });
  });
});

describe('SSL names at their edges (mutation testing, decision 058)', () => {
  const approvers = { 'example.gr': 'admin@example.gr', 'a.gr': 'admin@a.gr' };
  it('writes a name as the certificate carries it: no blanks around, lower case, no trailing dot', () => {
    expect(sslName('  Shop.Example.GR. ')).toBe('shop.example.gr');
  });
  it('takes "*." only on a wildcard certificate, and a bare name on either', () => {
    expect(isCertificateHostName('*.shop.gr', false)).toBe(false);
    expect(isCertificateHostName('*.shop.gr', true)).toBe(true);
    expect(isCertificateHostName('xy.com', true)).toBe(true);
  });
  it('wants a top-level label of letters only, all of it', () => {
    expect(isCertificateHostName('shop.gr1', false)).toBe(false);
    expect(isCertificateHostName('shop.1gr', false)).toBe(false);
    expect(isCertificateHostName('shop.ελ', false)).toBe(true);
  });
  it('refuses an ASCII form that is not valid Punycode', () => {
    expect(isCertificateHostName('xn--zzzzzzzz9.gr', false)).toBe(false);
    expect(checkSans({ commonName: 'example.gr', sans: ['xn--zzzzzzzz9.gr'], max: 1, wildcard: false }).errors).toEqual({ 0: 'invalid' });
  });
  it('checks SANs with no main name yet', () => {
    expect(checkSans({ commonName: null, sans: ['a.gr', 'A.gr'], max: 2, wildcard: false })).toEqual({ ok: false, sans: ['a.gr'], errors: { 1: 'duplicate' } });
  });
  it('lists no names before the main domain is set', () => {
    expect(certificateNames({ sans: ['a.gr'] })).toEqual([]);
    expect(certificateNames({ domain: 'Example.gr', sans: ['A.gr'] })).toEqual(['example.gr', 'a.gr']);
  });
  it('a blank SAN field among named ones is not ready (sans_invalid), whatever the approvers', () => {
    expect(sslConfigStatus({ domain: 'example.gr', sans: ['a.gr', ''], approvers }, { max: 2, required: 0 }, false)).toEqual({ ready: false, problem: 'sans_invalid', unnamed: 0 });
  });
  it('an approver must be a non-empty text', () => {
    expect(sslConfigStatus({ domain: 'example.gr', approvers: { 'example.gr': '' } }, { max: 0, required: 0 }, false)).toEqual({ ready: false, problem: 'approver', unnamed: 0 });
    expect(sslConfigStatus({ domain: 'example.gr', approvers: { 'example.gr': 5 as never } }, { max: 0, required: 0 }, false)).toEqual({ ready: false, problem: 'approver', unnamed: 0 });
  });
});
