import { describe, expect, it } from 'vitest';
import { ErrorCode } from './errors';
import { erasedEmail, erasureRefusal } from './erasure';

describe('erasure of an account', () => {
  it('is refused while domains, unpaid documents or hosting services remain, with the reason', () => {
    expect(erasureRefusal({ activeDomains: 1, unpaidDocuments: 2, activeServices: 1 })).toBe(ErrorCode.ERASURE_REFUSED_ACTIVE_DOMAINS);
    expect(erasureRefusal({ activeDomains: 0, unpaidDocuments: 1, activeServices: 1 })).toBe(ErrorCode.ERASURE_REFUSED_UNPAID_DOCUMENTS);
    expect(erasureRefusal({ activeDomains: 0, unpaidDocuments: 0, activeServices: 1 })).toBe(ErrorCode.ERASURE_REFUSED_ACTIVE_SERVICES);
    expect(erasureRefusal({ activeDomains: 0, unpaidDocuments: 0, activeServices: 0 })).toBeNull();
  });
  it('leaves an address that is unique per account and cannot receive mail', () => {
    expect(erasedEmail(42)).toBe('erased-42@invalid');
    expect(erasedEmail(42)).not.toBe(erasedEmail(43));
  });
});
