import { describe, expect, it } from 'vitest';
import { chunkSize, chunks, D1_MAX_PARAMS, readInChunks } from './in-chunks';

describe('readInChunks', () => {
  it('never binds more than D1 allows, whatever the list', async () => {
    const seen: number[] = [];
    const list = Array.from({ length: 2000 }, (_, i) => `n${i}`);
    const rows = await readInChunks(list, async (part) => (seen.push(part.length * 2 + 1), part), { perItem: 2, fixed: 1 });
    expect(rows).toEqual(list);
    expect(Math.max(...seen)).toBeLessThanOrEqual(D1_MAX_PARAMS);
    expect(seen.length).toBe(Math.ceil(2000 / chunkSize(2, 1)));
  });

  it('reads each item once and nothing for an empty list', async () => {
    let calls = 0;
    expect(await readInChunks([], async (p) => (calls++, p))).toEqual([]);
    expect(calls).toBe(0);
    expect(await readInChunks(['a', 'a', 'b'], async (p) => p)).toEqual(['a', 'b']);
  });

  it('slices exactly', () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunkSize()).toBe(90);
    expect(chunkSize(2, 1)).toBe(49);
    expect(() => chunks([1], 0)).toThrow();
  });
});
