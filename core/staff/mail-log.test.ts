import { describe, expect, it } from 'vitest';
import { mailStatuses } from '../../db/schema/mail';
import { ErrorCode } from '../errors';
import { MAIL_LOG_STATUSES, mailResendRefusal, parseMailLogFilters, statusFilterValue } from './mail-log';

const p = (s: string) => new URLSearchParams(s);

describe('the staff e-mail log', () => {
  it('knows the statuses of the queue', () => {
    expect([...MAIL_LOG_STATUSES]).toEqual([...mailStatuses]);
  });

  it('reads the filters from the address, and an unknown value is no filter', () => {
    expect(parseMailLogFilters(p('status=failed&template=password_changed&user=7'), ' Maria@Example.GR ', ['password_changed'])).toEqual({
      statuses: ['failed'],
      template: 'password_changed',
      address: 'maria@example.gr',
      userId: 7,
    });
    expect(parseMailLogFilters(p('status=lost&template=nope&user=-1'), '', ['password_changed'])).toEqual({ statuses: null, template: null, address: null, userId: null });
    const attention = parseMailLogFilters(p('status=attention'), '', []);
    expect(attention.statuses).toEqual(['failed', 'bounced']);
    expect(statusFilterValue(attention)).toBe('attention');
    expect(statusFilterValue(parseMailLogFilters(p('status=sent'), '', []))).toBe('sent');
  });

  it('never resends a secret or writes to an erased account', () => {
    expect(mailResendRefusal({ sensitive: false, redacted: false, toAddress: 'maria@example.gr' })).toBeNull();
    expect(mailResendRefusal({ sensitive: true, redacted: false, toAddress: 'maria@example.gr' })).toBe(ErrorCode.MAIL_RESEND_SENSITIVE);
    expect(mailResendRefusal({ sensitive: false, redacted: true, toAddress: 'maria@example.gr' })).toBe(ErrorCode.MAIL_RESEND_SENSITIVE);
    expect(mailResendRefusal({ sensitive: false, redacted: false, toAddress: 'erased-4@invalid' })).toBe(ErrorCode.MAIL_RESEND_ERASED);
  });
});
