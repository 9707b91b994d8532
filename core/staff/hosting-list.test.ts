import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors';
import { isStaffHostingAction, parseStaffHostingFilters, staffHostingRefusal } from './hosting-list';

describe('staff hosting filters', () => {
  it('keeps known values and drops the rest', () => {
    expect(parseStaffHostingFilters(new URLSearchParams('status=suspended&kind=vps'), ' Kafe.GR ')).toEqual({ status: 'suspended', kind: 'vps', search: 'kafe.gr' });
    expect(parseStaffHostingFilters(new URLSearchParams('status=gone&kind=mainframe'), '')).toEqual({ status: null, kind: null, search: null });
  });
});

describe('staff hosting actions', () => {
  it('suspends only an active service and unsuspends only a suspended one', () => {
    expect(staffHostingRefusal('suspend', 'active')).toBeNull();
    expect(staffHostingRefusal('suspend', 'suspended')).toBe(ErrorCode.NO_CHANGE);
    expect(staffHostingRefusal('suspend', 'terminated')).toBe(ErrorCode.ACTION_NOT_ALLOWED);
    expect(staffHostingRefusal('unsuspend', 'suspended')).toBeNull();
    expect(staffHostingRefusal('unsuspend', 'active')).toBe(ErrorCode.NO_CHANGE);
    expect(staffHostingRefusal('unsuspend', 'provisioning')).toBe(ErrorCode.ACTION_NOT_ALLOWED);
    expect(isStaffHostingAction('suspend')).toBe(true);
    expect(isStaffHostingAction('delete')).toBe(false);
  });
});
