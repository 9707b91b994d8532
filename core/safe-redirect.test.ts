import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { authLinkBack, landingAfterRegistration, safeRedirectPath } from './safe-redirect';

const ORIGIN = 'https://shop.example.gr';

/** Every percent-decoding of a path a server or a browser could apply, until nothing changes. */
function decodings(path: string): string[] {
  const out = [path];
  for (let i = 0; i < 5; i++) {
    const last = out[out.length - 1]!;
    let next: string;
    try {
      next = decodeURIComponent(last);
    } catch {
      // A lenient decoder still decodes the well-formed ASCII escapes around a broken one.
      next = last.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    }
    if (next === out[out.length - 1]) break;
    out.push(next);
  }
  return out;
}

/** What a browser does with `Location: <path>` on our origin, and with any decoded form of it. */
function expectSameOrigin(input: string, path: string): void {
  const label = `${JSON.stringify(input)} → ${JSON.stringify(path)}`;
  expect(path.startsWith('/'), label).toBe(true);
  for (const p of decodings(path)) {
    // A browser drops tabs and newlines and reads '\' as '/' in special URLs.
    const browserLike = p.replace(/[\t\n\r]/g, '').replace(/\\/g, '/');
    expect(browserLike.startsWith('//'), label).toBe(false);
    expect(new URL(p, ORIGIN).origin, label).toBe(ORIGIN);
  }
}

describe('safeRedirectPath', () => {
  it('keeps paths on our origin with their query and fragment', () => {
    expect(safeRedirectPath('/ssl')).toBe('/ssl');
    expect(safeRedirectPath('/domains/prices?category=greek#top')).toBe('/domains/prices?category=greek#top');
    expect(safeRedirectPath('/cart?next=%2F%2Fevil.example')).toBe('/cart?next=%2F%2Fevil.example');
  });

  it('refuses every way to leave the origin', () => {
    for (const evil of [
      '//evil.example/',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '\\\\evil.example',
      '',
      // Dot segments collapse to a protocol-relative path (issue #19 §4).
      '/.//evil.com',
      '/./\\evil.com',
      '/a/..//evil.com',
      '/%2e//evil.com',
      // Encoded slashes and backslashes that a later decoding turns into '//' or '/\'.
      '/%2F%2Fevil.com',
      '/%2f/evil.com',
      '/%5Cevil.com',
      '/%5c%5cevil.com',
      '/%252F%252Fevil.com',
      '/%09/evil.com',
      // A broken UTF-8 escape further on must not stop the decoding of the beginning.
      '/%2F%2Fevil.com%E2%80',
      '/%2F%2Fevil.com%ZZ',
    ]) {
      expect(safeRedirectPath(evil), JSON.stringify(evil)).toBe('/');
    }
  });

  it('uses the fallback for non-strings', () => {
    expect(safeRedirectPath(null, '/home')).toBe('/home');
    expect(safeRedirectPath(42)).toBe('/');
  });

  it('answers, for any input, a path that stays on our origin and gives itself back', () => {
    const piece = fc.constantFrom('/', '//', '\\', '.', '..', './', '../', '%2F', '%2f', '%5C', '%5c', '%252F', '%2e', '%09', '\t', '\n', '\r', ' ', ':', '@', '?', '#', 'evil.com', 'https:', 'javascript:', 'a', '%', '%E2%80%AE', '%E2', '%ZZ', 'é');
    const crafted = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.oneof(crafted, fc.string(), fc.webUrl(), fc.webPath()), (input) => {
        const path = safeRedirectPath(input);
        expectSameOrigin(input, path);
        expect(safeRedirectPath(path)).toBe(path);
      }),
      { numRuns: 2000 },
    );
  }, 30_000);
});

describe('authLinkBack and landingAfterRegistration (issue #25 §6)', () => {
  it('a login or register link carries the page it is on, as a same-origin path', () => {
    expect(authLinkBack('/auth/register', '/cart')).toBe('/auth/register?redirectTo=%2Fcart');
    expect(authLinkBack('/auth/login', '/domains/search?q=abc&tld=gr')).toBe('/auth/login?redirectTo=%2Fdomains%2Fsearch%3Fq%3Dabc%26tld%3Dgr');
    // From the home page there is nothing to come back to.
    expect(authLinkBack('/auth/login', '/')).toBe('/auth/login');
    // Another site never rides along.
    expect(authLinkBack('/auth/login', '//evil.example/x')).toBe('/auth/login');
  });

  it('on a login or register page the link keeps that page\'s own way back, never points at itself', () => {
    expect(authLinkBack('/auth/register', '/auth/login?redirectTo=%2Fcart')).toBe('/auth/register?redirectTo=%2Fcart');
    expect(authLinkBack('/auth/login', '/auth/register')).toBe('/auth/login');
    expect(authLinkBack('/auth/login', '/auth/login?redirectTo=%2F%2Fevil.example')).toBe('/auth/login');
  });

  it('a registration with nowhere to go back to lands on the account page; otherwise where it came from', () => {
    expect(landingAfterRegistration('/')).toBe('/account');
    expect(landingAfterRegistration('/cart')).toBe('/cart');
  });
});
