// The nameserver comparison's edges that mutation testing found untested (issue #32 §6, decision 094):
// a delegation to our own nameservers, typed with spaces or capitals, is ours (a free hosting refused
// for it would be a refusal the customer cannot understand).
import { describe, expect, it } from 'vitest';
import { usesOurNameservers } from './free-hosting';

describe('usesOurNameservers', () => {
  it('matches our nameservers whatever their case, spacing and final dot, on either side', () => {
    const ours = ['ns1.example.gr', 'NS2.Example.GR.'];
    expect(usesOurNameservers({ nsMode: 'custom', nameservers: [' NS1.EXAMPLE.GR. ', 'ns2.example.gr'] }, ours)).toBe(true);
    expect(usesOurNameservers({ nsMode: 'custom', nameservers: ['ns1.example.gr', 'ns3.example.gr'] }, ours)).toBe(false);
  });
});
