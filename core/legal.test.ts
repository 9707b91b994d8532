import { describe, expect, it } from 'vitest';
import { GDPR_POLICY_VERSION } from './gdpr';
import { acceptedVersions, isLegalSlug, LEGAL_DOCUMENTS, LEGAL_SLUGS, legalDate, legalPath, ORDER_ACCEPTS, REGISTRATION_ACCEPTS } from './legal';

describe('the registry of legal documents', () => {
  it('has a positive whole version and a real ISO date for every document, keyed by its own slug', () => {
    for (const slug of LEGAL_SLUGS) {
      const d = LEGAL_DOCUMENTS[slug];
      expect(d.slug).toBe(slug);
      expect(Number.isInteger(d.version) && d.version >= 1).toBe(true);
      expect(d.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(legalDate(slug).toISOString().slice(0, 10)).toBe(d.date);
    }
  });

  it('is the one source of the GDPR approval version (decision 075)', () => {
    expect(GDPR_POLICY_VERSION).toBe(LEGAL_DOCUMENTS.privacy.version);
  });

  it('stores the versions in force of what an order and a registration accept', () => {
    expect(acceptedVersions(ORDER_ACCEPTS)).toEqual({ terms: LEGAL_DOCUMENTS.terms.version, refunds: LEGAL_DOCUMENTS.refunds.version });
    expect(Object.keys(acceptedVersions(REGISTRATION_ACCEPTS)).sort()).toEqual(['privacy', 'terms']);
  });

  it('knows its slugs and their addresses', () => {
    expect(isLegalSlug('cookies')).toBe(true);
    expect(isLegalSlug('constructor')).toBe(false);
    expect(isLegalSlug(undefined)).toBe(false);
    expect(legalPath('refunds')).toBe('/legal/refunds');
  });
});
