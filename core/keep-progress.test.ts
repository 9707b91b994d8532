import { describe, expect, it } from 'vitest';
import { decodeProgress, encodeProgress, sanitiseProgress } from './keep-progress';

describe('keep_progress', () => {
  it("carries only a known form's own fields", () => {
    expect(sanitiseProgress('transfer', { domain: 'kafe.gr', auth_code: 'A1b2C3#', _token: 'x', evil: 'y' })).toEqual({ form: 'transfer', values: { domain: 'kafe.gr', auth_code: 'A1b2C3#' } });
    expect(sanitiseProgress('admin', { domain: 'x' })).toBeNull();
    expect(sanitiseProgress('transfer', { domain: 'x'.repeat(500) })).toEqual({ form: 'transfer', values: {} });
  });
  it('round-trips and is read only by its own form', () => {
    const raw = encodeProgress({ form: 'transfer', values: { domain: 'kafe.gr' } });
    expect(decodeProgress(raw, 'transfer')).toEqual({ domain: 'kafe.gr' });
    expect(decodeProgress('not json', 'transfer')).toBeNull();
    expect(decodeProgress(null, 'transfer')).toBeNull();
  });
});
