// The GDPR approval at login (spec §4 "GDPR approval at login", §2 GDPR, §8 43005/43006; issue #24 §3).
// The privacy policy carries a version; a customer who never approved it, or approved an older one,
// approves the current one before a session is issued.
import { LEGAL_DOCUMENTS } from './legal';

/**
 * The version of the privacy policy in force, from the one registry of legal documents (core/legal.ts,
 * issue #25 §3). Raising it there asks every customer whose approval is older again at their next
 * login. Version 1 is the policy of the approvals given before versions were kept
 * (users.gdpr_policy_version defaults to 1, migration 0024).
 */
export const GDPR_POLICY_VERSION: number = LEGAL_DOCUMENTS.privacy.version;

/** A login that passed its password (and second factor) waits this long for the approval. */
export const PENDING_APPROVAL_MS = 10 * 60_000;

export type GdprApprovalState = {
  gdprProcessingAt: Date | number | null;
  gdprPolicyVersion: number | null;
};

/** True when the login must ask for the approval (43005): never given, or given to an older policy. */
export function needsGdprApproval(user: GdprApprovalState, current: number = GDPR_POLICY_VERSION): boolean {
  if (user.gdprProcessingAt === null) return true;
  return (user.gdprPolicyVersion ?? 0) < current;
}

/**
 * The answer to an approval form: both boxes (processing approval and data validity) must be checked,
 * otherwise 43006 general_gdpr_approval_is_missing keeps the form open.
 */
export function approvalComplete(answer: { processing: boolean; validity: boolean }): boolean {
  return answer.processing === true && answer.validity === true;
}
