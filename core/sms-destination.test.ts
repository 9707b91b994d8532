import { describe, expect, it } from 'vitest';
import { smsDailyBudget, SMS_DAILY_BUDGET_OTHER } from './rate-limits';
import { smsCountryOf } from './sms-destination';

describe('smsCountryOf', () => {
  it('reads the country from the E.164 calling code, longest prefix first', () => {
    expect(smsCountryOf('+306912345678')).toBe('GR');
    expect(smsCountryOf('+35799123456')).toBe('CY');
    expect(smsCountryOf('+359881234567')).toBe('BG');
    expect(smsCountryOf('+4915112345678')).toBe('DE');
    expect(smsCountryOf('0030 691 234 5678')).toBe('GR');
  });
  it('puts every other destination in one shared budget', () => {
    expect(smsCountryOf('+8821234567')).toBe('OTHER');
    expect(smsCountryOf('+12025550123')).toBe('OTHER');
    expect(smsDailyBudget('OTHER')).toBe(SMS_DAILY_BUDGET_OTHER);
    expect(smsDailyBudget('GR')).toBeGreaterThan(smsDailyBudget('DE'));
  });
});
