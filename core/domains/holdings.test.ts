import { describe, expect, it } from 'vitest';
import { heldAt, holdingsOf, type HolderChange } from './holdings';

const A = 1;
const B = 2;
const C = 3;
const change = (id: number, domainId: number, fromUserId: number, toUserId: number, at: number, kind: HolderChange['kind'] = 'staff'): HolderChange => ({ id, domainId, fromUserId, toUserId, kind, at });

describe('holdingsOf', () => {
  it('a name that never changed hands is its holder’s from the start, and nobody else’s', () => {
    const current = new Map([[10, A]]);
    expect(holdingsOf(A, [], current)).toEqual([{ domainId: 10, from: null, until: null, came: null, left: null }]);
    expect(holdingsOf(B, [], current)).toEqual([]);
  });

  it('a move splits the name at its instant: before and at it the old holder’s, after it the new one’s', () => {
    const changes = [change(1, 10, A, B, 1000)];
    const current = new Map([[10, B]]);
    const a = holdingsOf(A, changes, current);
    const b = holdingsOf(B, changes, current);
    expect(a).toEqual([{ domainId: 10, from: null, until: 1000, came: null, left: 'staff' }]);
    expect(b).toEqual([{ domainId: 10, from: 1000, until: null, came: 'staff', left: null }]);
    expect([heldAt(a, 10, 999), heldAt(a, 10, 1000), heldAt(a, 10, 1001)]).toEqual([true, true, false]);
    expect([heldAt(b, 10, 999), heldAt(b, 10, 1000), heldAt(b, 10, 1001)]).toEqual([false, false, true]);
    // Another name's rows are never held through this one.
    expect(heldAt(a, 11, 500)).toBe(false);
  });

  it('there and back: two periods for the first holder, one closed period between for the other', () => {
    const changes = [change(2, 10, B, A, 3000, 'handover'), change(1, 10, A, B, 1000)];
    const current = new Map([[10, A]]);
    expect(holdingsOf(A, changes, current)).toEqual([
      { domainId: 10, from: null, until: 1000, came: null, left: 'staff' },
      { domainId: 10, from: 3000, until: null, came: 'handover', left: null },
    ]);
    const b = holdingsOf(B, changes, current);
    expect(b).toEqual([{ domainId: 10, from: 1000, until: 3000, came: 'staff', left: 'handover' }]);
    expect([heldAt(b, 10, 1000), heldAt(b, 10, 2000), heldAt(b, 10, 3000), heldAt(b, 10, 3001)]).toEqual([false, true, true, false]);
  });

  it('a chain that does not end at the current holder gives the open period to the current holder only', () => {
    const changes = [change(1, 10, A, B, 1000)];
    const current = new Map([[10, C]]);
    expect(holdingsOf(B, changes, current)).toEqual([]);
    expect(holdingsOf(C, changes, current)).toEqual([{ domainId: 10, from: 1000, until: null, came: null, left: null }]);
  });

  it('changes in the same millisecond keep their order of record', () => {
    const changes = [change(2, 10, B, C, 1000), change(1, 10, A, B, 1000)];
    const current = new Map([[10, C]]);
    expect(holdingsOf(B, changes, current)).toEqual([{ domainId: 10, from: 1000, until: 1000, came: 'staff', left: 'staff' }]);
    expect(heldAt(holdingsOf(B, changes, current), 10, 1000)).toBe(false);
    expect(holdingsOf(C, changes, current)).toEqual([{ domainId: 10, from: 1000, until: null, came: 'staff', left: null }]);
  });
});
