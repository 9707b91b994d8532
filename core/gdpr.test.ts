import { describe, expect, it } from 'vitest';
import { approvalComplete, GDPR_POLICY_VERSION, needsGdprApproval } from './gdpr';

describe('GDPR approval at login', () => {
  it('is asked of a customer who never approved', () => {
    expect(needsGdprApproval({ gdprProcessingAt: null, gdprPolicyVersion: GDPR_POLICY_VERSION })).toBe(true);
  });
  it('is asked again when the approval was given to an older policy', () => {
    expect(needsGdprApproval({ gdprProcessingAt: 1, gdprPolicyVersion: 1 }, 2)).toBe(true);
    expect(needsGdprApproval({ gdprProcessingAt: new Date(0), gdprPolicyVersion: null }, 1)).toBe(true);
  });
  it('is not asked when the current (or a newer) version was approved', () => {
    expect(needsGdprApproval({ gdprProcessingAt: new Date(), gdprPolicyVersion: GDPR_POLICY_VERSION })).toBe(false);
    expect(needsGdprApproval({ gdprProcessingAt: 5, gdprPolicyVersion: 3 }, 2)).toBe(false);
  });
  it('needs both boxes checked', () => {
    expect(approvalComplete({ processing: true, validity: true })).toBe(true);
    expect(approvalComplete({ processing: true, validity: false })).toBe(false);
    expect(approvalComplete({ processing: false, validity: true })).toBe(false);
  });
});
