// Closing an account and erasing its personal data (GDPR Art. 17; issue #24 §3, beyond the spec).
// What the law makes us keep (sale documents with the buyer as invoiced, myDATA records, orders for the
// retention period, the audit log) stays; everything else that names the person is overwritten.
// Pure: the service (worker/services/accounts/erasure.ts) counts and writes.
import { ErrorCode } from './errors';

/** Domain statuses that still hold a name at a registry for the customer: the account cannot close. */
export const ERASURE_BLOCKING_DOMAIN_STATUSES = ['active', 'pending', 'transfer_pending'] as const;
/** Hosting services that still run (or may run again) for the customer. */
export const ERASURE_BLOCKING_SERVICE_STATUSES = ['provisioning', 'active', 'suspended'] as const;

export type ErasureBlockers = { activeDomains: number; unpaidDocuments: number; activeServices: number };

/** Why the account cannot be closed now (the first reason found), or null when it can. */
export function erasureRefusal(b: ErasureBlockers): number | null {
  if (b.activeDomains > 0) return ErrorCode.ERASURE_REFUSED_ACTIVE_DOMAINS;
  if (b.unpaidDocuments > 0) return ErrorCode.ERASURE_REFUSED_UNPAID_DOCUMENTS;
  if (b.activeServices > 0) return ErrorCode.ERASURE_REFUSED_ACTIVE_SERVICES;
  return null;
}

/** The address an erased account keeps: unique, and never deliverable (RFC 6761 .invalid). */
export function erasedEmail(userId: number): string {
  return `erased-${userId}@invalid`;
}

/** The text that replaces a name, a phone or an address. */
export const ERASED = 'erased';
