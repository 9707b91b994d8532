import { describe, expect, it } from 'vitest';
import { emailDomain, isAcceptableRegistrationEmail } from './email-policy';

describe('registration e-mail policy (80033)', () => {
  it('accepts ordinary addresses, Greek ones included', () => {
    expect(isAcceptableRegistrationEmail('maria@gmail.com')).toBe(true);
    expect(isAcceptableRegistrationEmail('info@εταιρεία.ελ')).toBe(true);
    expect(isAcceptableRegistrationEmail('demo@example.gr')).toBe(true);
  });
  it('refuses disposable providers and their sub-domains', () => {
    expect(isAcceptableRegistrationEmail('x@mailinator.com')).toBe(false);
    expect(isAcceptableRegistrationEmail('x@MAILINATOR.COM')).toBe(false);
    expect(isAcceptableRegistrationEmail('x@eu.yopmail.com')).toBe(false);
  });
  it('refuses reserved names that never receive mail', () => {
    expect(isAcceptableRegistrationEmail('x@example.com')).toBe(false);
    expect(isAcceptableRegistrationEmail('x@shop.test')).toBe(false);
    expect(isAcceptableRegistrationEmail('x@host.invalid')).toBe(false);
  });
  it('reads the domain after the last @, without a trailing dot', () => {
    expect(emailDomain('"a@b"@Example.GR.')).toBe('example.gr');
  });
});
