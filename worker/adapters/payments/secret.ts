// The webhook secret signs payment approvals, and POST /api/payments/webhook is public: whoever knows
// it can mark any order paid. So the value in this file exists for development only (the embedded
// sandbox, on a developer's machine); production needs PAYMENTS_WEBHOOK_SECRET even when a demo runs
// the payments sandbox (core/config.ts refuses to start without it; decision 021).
export const SANDBOX_WEBHOOK_SECRET = 'sandbox-webhook-secret-not-for-production';

/** The sandbox's signing secret: the configured one, else the development value, never in production. */
export function sandboxWebhookSecret(environment: 'development' | 'production', configured: string | null): string {
  if (configured) return configured;
  if (environment === 'development') return SANDBOX_WEBHOOK_SECRET;
  throw new Error('PAYMENTS_WEBHOOK_SECRET is not set: production has no default webhook secret');
}

/** The same rule read from the Worker's env (the sandbox payment page's decisions sign with it). */
export function webhookSecretOf(env: { PAYMENTS_WEBHOOK_SECRET?: string; APP_ENV?: string }): string {
  return sandboxWebhookSecret(env.APP_ENV === 'development' ? 'development' : 'production', env.PAYMENTS_WEBHOOK_SECRET?.trim() || null);
}
