import { describe, expect, it } from 'vitest';
import { cachedRead, invalidateReads } from '../../worker/services/platform';

describe('cachedRead', () => {
  it('serves one load per key within the TTL, per scope', async () => {
    const scopeA = {};
    const scopeB = {};
    let loads = 0;
    const load = async () => ++loads;
    expect(await cachedRead(scopeA, 'k', load, 1000, 0)).toBe(1);
    expect(await cachedRead(scopeA, 'k', load, 1000, 999)).toBe(1);
    expect(await cachedRead(scopeB, 'k', load, 1000, 999)).toBe(2);
    expect(await cachedRead(scopeA, 'k', load, 1000, 1000)).toBe(3);
  });

  it('does not keep a failed load', async () => {
    const scope = {};
    await expect(cachedRead(scope, 'k', () => Promise.reject(new Error('d1 down')), 1000, 0)).rejects.toThrow();
    await Promise.resolve();
    expect(await cachedRead(scope, 'k', async () => 'ok', 1000, 1)).toBe('ok');
  });

  it('forgets entries by prefix on invalidation', async () => {
    const scope = {};
    let loads = 0;
    await cachedRead(scope, 'tlds:all', async () => ++loads, 1000, 0);
    invalidateReads(scope, 'tlds:');
    expect(await cachedRead(scope, 'tlds:all', async () => ++loads, 1000, 1)).toBe(2);
  });
});
