import { describe, expect, it } from 'vitest';
import { onlyExactHit, prefixEnd, readSearch } from './search-query';

describe('readSearch', () => {
  it('reads an e-mail address (or its start) in lower case and nothing else', () => {
    expect(readSearch('  Maria@Example.GR ')).toMatchObject({ email: 'maria@example.gr', domain: null, orderId: null, vatNumber: null });
  });

  it('reads a Greek name typed in Greek, in capitals or in its ACE form as the same name', () => {
    const greek = readSearch('Καφενείο.gr');
    expect(greek.domain?.unicode).toBe('καφενείο.gr');
    expect(greek.domain?.ascii.startsWith('xn--')).toBe(true);
    expect(readSearch(greek.domain!.ascii).domain).toEqual(greek.domain);
    expect(readSearch('EXAMPLE.gr').domain).toEqual({ ascii: 'example.gr', unicode: 'example.gr' });
  });

  it('reads a Latin word as the start of a domain and of an e-mail address', () => {
    expect(readSearch('Demo')).toMatchObject({ email: 'demo', domain: { ascii: 'demo', unicode: 'demo' } });
    expect(readSearch('καφέ').email).toBeNull();
    expect(readSearch('12345').email).toBeNull();
  });

  it('refuses a malformed ACE label as a domain', () => {
    expect(readSearch('xn--example-.gr').domain).toBeNull();
  });

  it('reads nine digits as an ΑΦΜ and an order number, with or without EL', () => {
    expect(readSearch('094019245')).toMatchObject({ vatNumber: '094019245', orderId: 94019245, domain: null });
    expect(readSearch('EL094019245').vatNumber).toBe('094019245');
    expect(readSearch('12345678').vatNumber).toBeNull();
  });

  it('reads order and document numbers as people write them', () => {
    expect(readSearch('ORD-42').orderId).toBe(42);
    expect(readSearch('#42').orderId).toBe(42);
    expect(readSearch('INV-000012')).toMatchObject({ document: { series: 'INV', number: 12 }, domain: null });
    expect(readSearch('rec 7').document).toEqual({ series: 'REC', number: 7 });
    expect(readSearch('ORD-000042').document).toEqual({ series: 'ORD', number: 42 });
    expect(readSearch('abc-12').document).toBeNull();
    expect(readSearch('0').orderId).toBeNull();
  });

  it('is empty for an empty box and keeps at most 100 characters', () => {
    expect(readSearch('   ')).toEqual({ text: '', domain: null, email: null, orderId: null, document: null, vatNumber: null });
    expect(readSearch('a'.repeat(300)).text).toHaveLength(100);
  });

  it('gives a prefix range whose end sorts after every continuation', () => {
    expect('kafe.gr' < prefixEnd('kafe')).toBe(true);
    expect('kafe' < prefixEnd('kafe')).toBe(true);
    expect('kaff' < prefixEnd('kafe')).toBe(false);
  });
});

describe('onlyExactHit', () => {
  it('is the single hit only when the text names it exactly', () => {
    expect(onlyExactHit([{ hits: [{ exact: true, id: 1 }] }])).toEqual({ exact: true, id: 1 });
    expect(onlyExactHit([{ hits: [{ exact: false }] }])).toBeNull();
    expect(onlyExactHit([{ hits: [{ exact: true }] }, { hits: [{ exact: true }] }])).toBeNull();
    expect(onlyExactHit([])).toBeNull();
  });
});
