import { describe, expect, it } from 'vitest';
import { domainToAscii } from '../domains/punycode';
import { checkSans, sslConfigStatus } from './ssl-names';

describe('SSL extra domain names (SANs): real host names, within the paid count, never the main name twice (issue #20 §2)', () => {
  it('keeps valid names, lower case and without a trailing dot, in the order typed; blanks are unnamed slots', () => {
    expect(checkSans({ commonName: 'example.gr', sans: ['WWW.Example.gr.', '', 'shop.example.com'], paid: 3, wildcard: false })).toEqual({
      ok: true,
      sans: ['www.example.gr', 'shop.example.com'],
      errors: {},
    });
  });

  it('refuses what is not a host name, naming the field', () => {
    const r = checkSans({ commonName: 'example.gr', sans: ['localhost', 'exa mple.gr', 'http://x.gr', 'a..gr', 'x.1', 'ok.gr'], paid: 6, wildcard: false });
    expect(r.ok).toBe(false);
    expect(r.errors).toEqual({ 0: 'invalid', 1: 'invalid', 2: 'invalid', 3: 'invalid', 4: 'invalid' });
  });

  it('a wildcard name only on a wildcard certificate', () => {
    expect(checkSans({ commonName: 'example.gr', sans: ['*.shop.gr'], paid: 1, wildcard: false }).errors).toEqual({ 0: 'wildcard' });
    expect(checkSans({ commonName: '*.example.gr', sans: ['*.shop.gr'], paid: 1, wildcard: true })).toMatchObject({ ok: true, sans: ['*.shop.gr'] });
    expect(checkSans({ commonName: '*.example.gr', sans: ['*.*.shop.gr'], paid: 1, wildcard: true }).errors).toEqual({ 0: 'invalid' });
  });

  it('refuses the main name again and a name typed twice (in either IDN form)', () => {
    expect(checkSans({ commonName: 'example.gr', sans: ['Example.gr'], paid: 1, wildcard: false }).errors).toEqual({ 0: 'duplicate' });
    expect(checkSans({ commonName: 'example.gr', sans: ['a.gr', 'b.gr', 'A.gr'], paid: 3, wildcard: false }).errors).toEqual({ 2: 'duplicate' });
    expect(checkSans({ commonName: 'example.gr', sans: ['καφές.gr', domainToAscii('καφές.gr')], paid: 2, wildcard: false }).errors).toEqual({ 1: 'duplicate' });
    // The bare name beside its wildcard is two names: a wildcard does not cover its own apex.
    expect(checkSans({ commonName: '*.example.gr', sans: ['example.gr'], paid: 1, wildcard: true }).ok).toBe(true);
  });

  it('no more names than the paid count', () => {
    expect(checkSans({ commonName: 'example.gr', sans: ['a.gr', 'b.gr'], paid: 1, wildcard: false }).errors).toEqual({ 1: 'too_many' });
    expect(checkSans({ commonName: 'example.gr', sans: ['a.gr'], paid: 0, wildcard: false }).errors).toEqual({ 0: 'too_many' });
  });
});

describe('an SSL line is ready when every paid name is named and every name has its approver', () => {
  const approvers = { 'example.gr': 'admin@example.gr', 'a.gr': 'admin@a.gr', 'b.gr': 'webmaster@b.gr' };
  it('needs the main domain first', () => {
    expect(sslConfigStatus({}, 0, false)).toEqual({ ready: false, problem: 'domain', unnamed: 0 });
  });
  it('needs every paid extra domain named: a paid SAN is never dropped', () => {
    expect(sslConfigStatus({ domain: 'example.gr', sans: ['a.gr'], approvers }, 2, false)).toEqual({ ready: false, problem: 'sans_missing', unnamed: 1 });
    expect(sslConfigStatus({ domain: 'example.gr', approvers }, 1, false)).toEqual({ ready: false, problem: 'sans_missing', unnamed: 1 });
  });
  it('refuses more names than paid (the quantity was lowered afterwards) and names that became invalid', () => {
    expect(sslConfigStatus({ domain: 'example.gr', sans: ['a.gr', 'b.gr'], approvers }, 1, false)).toMatchObject({ ready: false, problem: 'sans_invalid' });
    expect(sslConfigStatus({ domain: 'a.gr', sans: ['a.gr'], approvers }, 1, false)).toMatchObject({ ready: false, problem: 'sans_invalid' });
  });
  it('needs an approver for the main name and for each extra name', () => {
    expect(sslConfigStatus({ domain: 'example.gr', sans: ['a.gr', 'c.gr'], approvers }, 2, false)).toEqual({ ready: false, problem: 'approver', unnamed: 0 });
    expect(sslConfigStatus({ domain: 'example.gr' }, 0, false)).toEqual({ ready: false, problem: 'approver', unnamed: 0 });
    expect(sslConfigStatus({ domain: 'example.gr', sans: ['a.gr', 'b.gr'], approvers }, 2, false)).toEqual({ ready: true, problem: null, unnamed: 0 });
    expect(sslConfigStatus({ domain: 'example.gr', approvers }, 0, false)).toEqual({ ready: true, problem: null, unnamed: 0 });
  });
});
