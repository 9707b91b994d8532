// The webhook secret: configured for a real processor; a fixed development value for the embedded
// sandbox only (its webhooks never leave the Worker).
export const SANDBOX_WEBHOOK_SECRET = 'sandbox-webhook-secret-not-for-production';

export function webhookSecretOf(env: { PAYMENTS_WEBHOOK_SECRET?: string }): string {
  return env.PAYMENTS_WEBHOOK_SECRET ?? SANDBOX_WEBHOOK_SECRET;
}
