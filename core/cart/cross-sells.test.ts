import { describe, expect, it } from 'vitest';
import { domainToAscii } from '../domains/punycode';
import { crossSellsFor, offeredCrossSells } from './cross-sells';
import type { CartItem } from './types';

const name = { id: 'd1', kind: 'domain', action: 'register', expired: false, parentId: null, name: 'καφές.gr', asciiName: domainToAscii('καφές.gr') } as const;
const line = (over: Partial<CartItem>): Pick<CartItem, 'id' | 'sku' | 'kind' | 'parentId' | 'config'> => ({ id: 'x', sku: 'sha_lin_start', kind: 'hosting', parentId: null, config: {}, ...over });

describe('cross-sells of a name', () => {
  it('a new name is offered the entry hosting and a certificate', () => {
    expect(crossSellsFor(name)).toEqual(['sha_lin_start', 'ssl_dv_basic']);
    expect(offeredCrossSells(name, [])).toEqual(['sha_lin_start', 'ssl_dv_basic']);
  });

  it('not a plan already in the cart for that name (its own line, set up for it), in either spelling (issue #25 §5)', () => {
    expect(offeredCrossSells(name, [line({ config: { domain: domainToAscii('καφές.gr') } })])).toEqual(['ssl_dv_basic']);
    expect(offeredCrossSells(name, [line({ config: { domain: 'ΚΑΦΈΣ.GR' } })])).toEqual(['ssl_dv_basic']);
    expect(offeredCrossSells(name, [line({ sku: 'ssl_dv_basic', kind: 'ssl', config: { domain: 'καφες.gr' } })])).toEqual(['sha_lin_start']);
  });

  it('still offered: the plan for another name, or one with no name yet; and its own child stays listed (shown as in the cart)', () => {
    expect(offeredCrossSells(name, [line({ config: { domain: 'other.gr' } })])).toEqual(['sha_lin_start', 'ssl_dv_basic']);
    expect(offeredCrossSells(name, [line({ config: {} })])).toEqual(['sha_lin_start', 'ssl_dv_basic']);
    expect(offeredCrossSells(name, [line({ parentId: 'd1', config: {} })])).toEqual(['sha_lin_start', 'ssl_dv_basic']);
  });
});
