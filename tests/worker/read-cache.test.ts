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

  // Decision 094: the shared version read per request. An entry loaded under another version is read
  // again however fresh it is; one loaded under the same version is served within the TTL.
  it('serves an entry only under the version it was loaded with', async () => {
    const scope = {};
    let loads = 0;
    const load = async () => ++loads;
    expect(await cachedRead(scope, 'k', load, 1000, 0, 4)).toBe(1);
    expect(await cachedRead(scope, 'k', load, 1000, 1, 4)).toBe(1);
    expect(await cachedRead(scope, 'k', load, 1000, 2, 5)).toBe(2);
    expect(await cachedRead(scope, 'k', load, 1000, 3, 5)).toBe(2);
    expect(await cachedRead(scope, 'k', load, 1000, 1003, 5)).toBe(3);
  });

  // A pending load is tied to the I/O of the request that started it: workerd cancels every other
  // request awaiting it as "hung" when that request goes away first (the mixed-load bench's four 500s
  // on /domains/search, all at one millisecond). Only settled values are shared.
  it('never hands a pending load to another reader, and an invalidation during a load is not undone by it', async () => {
    const scope = {};
    let release!: (v: string) => void;
    const first = cachedRead(scope, 'k', () => new Promise<string>((r) => (release = r)), 1000, 0);
    let loads = 0;
    const second = cachedRead(scope, 'k', async () => `own-${++loads}`, 1000, 1);
    expect(await second).toBe('own-1');
    release('first');
    expect(await first).toBe('first');

    const other = {};
    let finish!: (v: string) => void;
    const stale = cachedRead(other, 'k', () => new Promise<string>((r) => (finish = r)), 1000, 0);
    invalidateReads(other);
    finish('before the change');
    await stale;
    expect(await cachedRead(other, 'k', async () => 'after the change', 1000, 2)).toBe('after the change');
  });
});
