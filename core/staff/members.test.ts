import { describe, expect, it } from 'vitest';
import { refusedOwnChange } from './members';

describe('refusedOwnChange', () => {
  it('refuses an admin demoting or disabling themselves', () => {
    expect(refusedOwnChange(1, 1, { kind: 'group', group: 'support' })).toBe(true);
    expect(refusedOwnChange(1, 1, { kind: 'disable' })).toBe(true);
  });
  it('lets them change another member, and keeps a no-op on themselves harmless', () => {
    expect(refusedOwnChange(1, 2, { kind: 'group', group: 'support' })).toBe(false);
    expect(refusedOwnChange(1, 2, { kind: 'disable' })).toBe(false);
    expect(refusedOwnChange(1, 1, { kind: 'group', group: 'admin' })).toBe(false);
  });
});
