// The balance rules' edges that mutation testing found untested (issue #32 §6, decision 094): a form
// that posts no expected balance, a declined document paid in part, and the instant a document's due
// date passes. A document shown OVERDUE a moment early, or payable again while declined, misleads.
import { describe, expect, it } from 'vitest';
import { checkExpectedBalance, statusAfterCredit } from './balance';

describe('checkExpectedBalance', () => {
  it('takes the balance as it is when the form posted none (null or absent)', () => {
    expect(checkExpectedBalance(null, 500)).toEqual({ ok: true, amountCents: 500 });
    expect(checkExpectedBalance(undefined, 500)).toEqual({ ok: true, amountCents: 500 });
  });
});

describe('statusAfterCredit', () => {
  const now = Date.UTC(2026, 10, 20, 12);

  it('leaves a document that was not waiting for a card as it was', () => {
    expect(statusAfterCredit({ status: 'DECLINED', dueAtMs: now - 1 }, 100, now)).toBe('DECLINED');
    expect(statusAfterCredit({ status: 'OVERDUE', dueAtMs: now + 1 }, 100, now)).toBe('OVERDUE');
  });

  it('makes a document that waited for a card OVERDUE only once its due instant has passed', () => {
    expect(statusAfterCredit({ status: 'ON_PAYMENT', dueAtMs: now + 1 }, 100, now)).toBe('OPEN');
    expect(statusAfterCredit({ status: 'ON_PAYMENT', dueAtMs: now }, 100, now)).toBe('OPEN');
    expect(statusAfterCredit({ status: 'ON_PAYMENT', dueAtMs: now - 1 }, 100, now)).toBe('OVERDUE');
    expect(statusAfterCredit({ status: 'ON_PAYMENT', dueAtMs: null }, 100, now)).toBe('OPEN');
  });
});
