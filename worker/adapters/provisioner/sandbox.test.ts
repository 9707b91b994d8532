// The sandbox panel's pure helpers. Its D1 behaviour is tested in tests/worker/provisioner-sandbox.test.ts.
import { describe, expect, it } from 'vitest';
import { domainToAscii } from '../../../core/domains/punycode';
import { hostingPasswordError } from '../../../core/validation/password-rules';
import { generatePanelPassword, hostingKindOf, usernameBase, usernameCandidates } from './sandbox';

describe('hostingKindOf', () => {
  it.each([
    ['hosting-shared-linux', 'shared'],
    ['hosting-shared-windows', 'shared'],
    ['hosting-wp-business', 'wordpress'],
    ['hosting-wp-enterprise', 'wordpress'],
    ['hosting-semi', 'semi'],
    ['hosting-vps-linux', 'vps'],
    ['hosting-vps-windows', 'vps'],
    ['hosting-dedi', 'dedicated'],
    ['hosting-dedi-greece', 'dedicated'],
    ['hosting-free', 'free'],
    ['cloud-vps', 'vps'],
  ])('%s → %s', (type, kind) => {
    expect(hostingKindOf(type)).toBe(kind);
  });

  it.each(['ssl', 'domain', 'id_protect', 'ssl_installation', ''])('has none for %j', (type) => {
    expect(hostingKindOf(type)).toBeNull();
  });
});

describe('usernameBase', () => {
  it.each([
    ['example.gr', 'example'],
    ['www.Example.GR', 'example'],
    ['my-shop.com.gr', 'myshop'],
    ['averyveryverylongname.gr', 'averyver'],
    ['καφές.gr', 'kafes'],
    // The ACE form is read as the Greek name it stands for.
    [domainToAscii('καφές.gr'), 'kafes'],
    ['123.gr', 'u123'],
  ])('%s → %s', (domain, base) => {
    expect(usernameBase(domain, 'ignored')).toBe(base);
  });

  it('uses the reference when there is no domain, or nothing usable in it', () => {
    expect(usernameBase(null, 'oi_42')).toBe('hoi42');
    expect(usernameBase(null, '3f2a9c1e-77b0-4e0f')).toBe('h3f2a9c1');
    expect(usernameBase('---.gr', 'oi_7')).toBe('hoi7');
  });

  it('is always letters and digits, starting with a letter, at most 8', () => {
    for (const d of ['ά-β_γ.gr', 'ΘΕΣΣΑΛΟΝΙΚΗ.gr', '9lives.gr', 'a.gr']) {
      expect(usernameBase(d, 'r1')).toMatch(/^[a-z][a-z0-9]{0,7}$/);
    }
  });
});

describe('usernameCandidates', () => {
  it('keeps every candidate within 8 characters, each once', () => {
    const all = [...usernameCandidates('example')];
    expect(all.slice(0, 3)).toEqual(['example', 'example1', 'example2']);
    expect(all[10]).toBe('exampl10');
    expect(all[999]).toBe('examp999');
    expect(all.every((c) => c.length <= 8)).toBe(true);
    const digits = [...usernameCandidates('example1')];
    expect(digits.slice(0, 3)).toEqual(['example1', 'example2', 'example3']);
    expect(new Set(digits).size).toBe(digits.length);
  });

  it('appends to a short base instead of cutting it', () => {
    const [first, second, , , , , , , , , tenth] = usernameCandidates('abc');
    expect([first, second, tenth]).toEqual(['abc', 'abc1', 'abc10']);
  });
});

describe('generatePanelPassword', () => {
  it('always meets the hosting-panel password rules of spec §5', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const p = generatePanelPassword();
      expect(hostingPasswordError(p), p).toBeNull();
      seen.add(p);
    }
    expect(seen.size).toBe(200);
  });
});
