import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  it('keeps paths on our origin with their query and fragment', () => {
    expect(safeRedirectPath('/ssl')).toBe('/ssl');
    expect(safeRedirectPath('/domains/prices?category=greek#top')).toBe('/domains/prices?category=greek#top');
  });
  it('refuses every way to leave the origin', () => {
    for (const evil of ['//evil.example/', '/\\evil.example', '/\t/evil.example', '/\n/evil.example', 'https://evil.example', 'javascript:alert(1)', '\\\\evil.example', '']) {
      expect(safeRedirectPath(evil), JSON.stringify(evil)).toBe('/');
    }
  });
  it('uses the fallback for non-strings', () => {
    expect(safeRedirectPath(null, '/home')).toBe('/home');
    expect(safeRedirectPath(42)).toBe('/');
  });
});
