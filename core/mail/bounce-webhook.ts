// The mail provider's bounce webhook (issue #33 §3, decision 100), pure: who may call it and what a
// report says. Postmark's shape: `RecordType: "Bounce"`, the `MessageID` it gave when it accepted the
// message (our `provider_id`), the bounce `Type`, the `Email` that bounced. The caller proves itself
// with the configured secret, as the password of HTTP basic auth (Postmark puts user:secret@ in the
// webhook's URL) or in an X-Webhook-Token header; compared without an early exit.

/** Bounce types that are no failure to deliver: an auto-reply ("out of office"), a delay still retried. */
const NOT_A_FAILURE = new Set(['AutoResponder', 'Transient', 'OpenRelayTest', 'Subscribe', 'Unsubscribe']);

export type BounceNotice = { kind: 'bounce'; providerId: string; type: string; email: string; description?: string; at?: Date } | { kind: 'ignored'; recordType: string };

function sameSecret(expected: string, submitted: string): boolean {
  let diff = expected.length ^ submitted.length;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ (submitted.charCodeAt(i) | 0);
  return diff === 0;
}

/** Does the request carry the secret? Never true when no secret is configured (the webhook is shut). */
export function webhookAuthorized(secret: string | null, headers: { authorization?: string | null; token?: string | null }): boolean {
  if (!secret) return false;
  const token = headers.token?.trim();
  if (token) return sameSecret(secret, token);
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(headers.authorization ?? '');
  if (!basic) return false;
  let decoded: string;
  try {
    decoded = atob(basic[1]!);
  } catch {
    return false;
  }
  const colon = decoded.indexOf(':');
  return colon >= 0 && sameSecret(secret, decoded.slice(colon + 1));
}

/** What a webhook body says; null when it is not a report we can read (400). */
export function readBounceNotice(body: unknown): BounceNotice | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const b = body as Record<string, unknown>;
  const recordType = typeof b.RecordType === 'string' ? b.RecordType : null;
  if (!recordType) return null;
  if (recordType !== 'Bounce') return { kind: 'ignored', recordType };
  const providerId = typeof b.MessageID === 'string' ? b.MessageID.trim() : '';
  const type = typeof b.Type === 'string' ? b.Type.trim() : '';
  const email = typeof b.Email === 'string' ? b.Email.trim().toLowerCase() : '';
  if (!providerId || !type || providerId.length > 200) return null;
  if (NOT_A_FAILURE.has(type)) return { kind: 'ignored', recordType: `Bounce/${type}` };
  const at = typeof b.BouncedAt === 'string' && !Number.isNaN(Date.parse(b.BouncedAt)) ? new Date(b.BouncedAt) : undefined;
  const description = typeof b.Description === 'string' ? b.Description.slice(0, 300) : undefined;
  return { kind: 'bounce', providerId, type, email, ...(description ? { description } : {}), ...(at ? { at } : {}) };
}
