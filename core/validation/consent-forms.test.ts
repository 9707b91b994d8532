import { describe, expect, it } from 'vitest';
import { consentsSchema, newsletterEmailSchema } from './consent-forms';
import { errors } from './test-kit';

describe('GDPR consents (spec §5 GDPR)', () => {
  it('processing, validity and accept-all are required, each with its own message', () => {
    expect(errors(consentsSchema, {})).toEqual([
      { path: 'gdpr_processing', key: 'validation:gdpr_processing_required' },
      { path: 'gdpr_validity', key: 'validation:gdpr_validity_required' },
      { path: 'accept_all', key: 'validation:gdpr_accept_all_required' },
    ]);
    expect(errors(consentsSchema, { gdpr_processing: true, gdpr_validity: false, accept_all: true }).map((e) => e.path)).toEqual(['gdpr_validity']);
  });
  it('communication and the newsletter are optional', () => {
    expect(consentsSchema.parse({ gdpr_processing: true, gdpr_validity: true, accept_all: true })).toEqual({ gdpr_processing: true, gdpr_validity: true, accept_all: true });
  });
  it('the newsletter form takes an e-mail address, trimmed', () => {
    expect(newsletterEmailSchema.parse({ email: ' a@example.gr ' })).toEqual({ email: 'a@example.gr' });
    expect(errors(newsletterEmailSchema, { email: 'nope' })).toHaveLength(1);
  });
});
