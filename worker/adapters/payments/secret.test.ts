import { describe, expect, it } from 'vitest';
import { SANDBOX_WEBHOOK_SECRET, sandboxWebhookSecret, webhookSecretOf } from './secret';

describe('the payments webhook secret', () => {
  it('uses the repository value in development only', () => {
    expect(webhookSecretOf({ APP_ENV: 'development' })).toBe(SANDBOX_WEBHOOK_SECRET);
    expect(() => webhookSecretOf({ APP_ENV: 'production' })).toThrow(/PAYMENTS_WEBHOOK_SECRET/);
    expect(() => webhookSecretOf({})).toThrow(/PAYMENTS_WEBHOOK_SECRET/);
    expect(() => sandboxWebhookSecret('production', null)).toThrow();
  });

  it('prefers the configured secret everywhere', () => {
    const secret = 'x'.repeat(40);
    expect(webhookSecretOf({ APP_ENV: 'production', PAYMENTS_WEBHOOK_SECRET: secret })).toBe(secret);
    expect(webhookSecretOf({ APP_ENV: 'development', PAYMENTS_WEBHOOK_SECRET: secret })).toBe(secret);
  });
});
