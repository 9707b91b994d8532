import { describe, expect, it } from 'vitest';
import { readErrorCodeCookie } from './cookie';

describe('readErrorCodeCookie', () => {
  it("shows a failure alert when the value contains 'false', without the marker", () => {
    expect(readErrorCodeCookie('account_suspended:false')).toEqual({ type: 'alert', message: 'account_suspended' });
    expect(readErrorCodeCookie('false|Your account is suspended')).toEqual({
      type: 'alert',
      message: 'Your account is suspended',
    });
  });
  it("shows a success alert when the value contains 'true'", () => {
    expect(readErrorCodeCookie('Password changed, true')).toEqual({ type: 'success', message: 'Password changed' });
  });
  it('shows a warning otherwise, with the whole value', () => {
    expect(readErrorCodeCookie('Please verify your e-mail')).toEqual({
      type: 'warning',
      message: 'Please verify your e-mail',
    });
  });
  it('ignores an empty cookie', () => {
    expect(readErrorCodeCookie('')).toBeNull();
    expect(readErrorCodeCookie('   ')).toBeNull();
  });
});
