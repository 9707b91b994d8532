import { describe, expect, it } from 'vitest';
import { compareWithRegistry, containsPattern, parseHolder, parseStaffDomainFilters, searchTerm, staffReason, statusFromRegistry } from './domain-list';

const now = new Date('2026-11-26T12:00:00Z');
const day = 24 * 60 * 60_000;

describe('parseStaffDomainFilters', () => {
  it('takes known values and ignores the rest', () => {
    const f = parseStaffDomainFilters(new URLSearchParams('registry=gr&status=expired&expiring=30&holder=%2342'), 'Καφές');
    expect(f).toEqual({ registry: 'gr', status: 'expired', expiringDays: 30, holder: { id: 42 }, search: { key: 'καφεσ', ascii: 'καφές' } });
    const bad = parseStaffDomainFilters(new URLSearchParams('registry=verisign&status=gone&expiring=0&holder=%20'), '');
    expect(bad).toEqual({ registry: null, status: null, expiringDays: null, holder: null, search: null });
    expect(parseStaffDomainFilters(new URLSearchParams('expiring=3651'), '').expiringDays).toBeNull();
    expect(parseStaffDomainFilters(new URLSearchParams('expiring=3650'), '').expiringDays).toBe(3650);
    expect(parseStaffDomainFilters(new URLSearchParams('expiring=1.5'), '').expiringDays).toBeNull();
  });

  it('reads a holder as an account id or an e-mail address', () => {
    expect(parseHolder('17')).toEqual({ id: 17 });
    expect(parseHolder(' Maria@Example.GR ')).toEqual({ email: 'maria@example.gr' });
    expect(parseHolder('')).toBeNull();
  });
});

describe('search terms', () => {
  it('searches Greek names by their registry key and others in ASCII', () => {
    expect(searchTerm('  ΚΑΦΕΝΕΊΟ ')).toEqual({ key: 'καφενειο', ascii: 'καφενείο' });
    // A whole ACE label is read as the Greek it stands for; the ASCII form still finds the punycode.
    expect(searchTerm('xn--Hxa')).toEqual({ key: 'α', ascii: 'xn--hxa' });
    expect(searchTerm(' ')).toBeNull();
  });

  it('escapes LIKE wildcards', () => {
    expect(containsPattern('a%b_c\\')).toBe('%a\\%b\\_c\\\\%');
  });
});

describe('compareWithRegistry', () => {
  const ours = { status: 'active' as const, expiresAt: new Date(now.getTime() + 100 * day), nameservers: ['ns1.a.gr', 'ns2.a.gr'], locked: true };
  const same = { statuses: ['clientTransferProhibited'], expiresAt: new Date(ours.expiresAt.getTime() + 3 * 60 * 60_000), nameservers: ['NS2.a.gr.', 'ns1.a.gr'], locked: true, sponsoredByUs: true };

  it('finds no difference where the dates agree to the day and the nameservers as sets', () => {
    expect(compareWithRegistry(ours, same, now)).toEqual([]);
  });

  it('names every difference: expiry drift in days, nameservers each side, status, lock, sponsor', () => {
    const theirs = { statuses: ['redemptionPeriod'], expiresAt: new Date(ours.expiresAt.getTime() + 365 * day), nameservers: ['ns1.a.gr', 'ns9.b.gr'], locked: false, sponsoredByUs: false };
    expect(compareWithRegistry(ours, theirs, now)).toEqual([
      { field: 'sponsor' },
      { field: 'expiry', ours: ours.expiresAt.getTime(), theirs: theirs.expiresAt.getTime(), days: 365 },
      { field: 'nameservers', onlyOurs: ['ns2.a.gr'], onlyTheirs: ['ns9.b.gr'] },
      { field: 'status', ours: 'active', theirs: 'redemption' },
      { field: 'lock', ours: true, theirs: false },
    ]);
    expect(compareWithRegistry(ours, { ...same, expiresAt: new Date(ours.expiresAt.getTime() - day) }, now)).toEqual([{ field: 'expiry', ours: ours.expiresAt.getTime(), theirs: ours.expiresAt.getTime() - day, days: -1 }]);
  });
});

describe('statusFromRegistry', () => {
  it('maps the registry statuses and dates to ours', () => {
    const later = new Date(now.getTime() + day);
    expect(statusFromRegistry({ statuses: ['ok'], expiresAt: later }, now)).toBe('active');
    expect(statusFromRegistry({ statuses: ['ok'], expiresAt: now }, now)).toBe('expired');
    expect(statusFromRegistry({ statuses: ['pendingTransfer'], expiresAt: later }, now)).toBe('transfer_pending');
    expect(statusFromRegistry({ statuses: ['redemptionPeriod'], expiresAt: now }, now)).toBe('redemption');
    expect(statusFromRegistry({ statuses: ['pendingDelete'], expiresAt: later }, now)).toBe('redemption');
  });
});

describe('staffReason', () => {
  it('wants 3 to 500 characters of text', () => {
    expect(staffReason('  ok ')).toBeNull();
    expect(staffReason('  yes ')).toBe('yes');
    expect(staffReason('x'.repeat(501))).toBeNull();
    expect(staffReason('x'.repeat(500))).toHaveLength(500);
    expect(staffReason(null)).toBeNull();
  });
});
