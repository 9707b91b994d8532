import { describe, expect, it } from 'vitest';
import { isSearchMode, rewriteElEnding } from './search-bar';

describe('search bar rules', () => {
  it("rewrites a final '.el' or '.el ' to '.ελ' and nothing else", () => {
    expect(rewriteElEnding('kafeneio.el')).toBe('kafeneio.ελ');
    expect(rewriteElEnding('καφενείο.el ')).toBe('καφενείο.ελ');
    expect(rewriteElEnding('kafeneio.EL')).toBe('kafeneio.ελ');
    expect(rewriteElEnding('hotel')).toBe('hotel');
    expect(rewriteElEnding('el.gr')).toBe('el.gr');
    expect(rewriteElEnding('kafe.elx')).toBe('kafe.elx');
    expect(rewriteElEnding('kafe.el  ')).toBe('kafe.el  ');
  });
  it('knows its three modes', () => {
    expect(isSearchMode('transfer')).toBe(true);
    expect(isSearchMode('whois')).toBe(false);
  });
});
