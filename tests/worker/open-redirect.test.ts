// Issue #19 §4: `/auth/login?redirectTo=/.//evil.com` answered `Location: //evil.com`, for a logged-in
// visitor at once and for a guest after logging in. Every redirect target must stay on our origin.
import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed';
import { Browser, form } from './helpers';

const demo = DEMO_USERS[0];
const EVIL = ['/.//evil.com', '/%2F%2Fevil.com', '/%5Cevil.com', '/./\\evil.com'];

/** Where a browser on http://localhost goes with this Location: the same origin, or another. */
function expectSameOrigin(location: string | null, label: string) {
  expect(location, label).not.toBeNull();
  expect(location!.startsWith('//') || location!.startsWith('/\\'), `${label}: ${location}`).toBe(false);
  expect(new URL(location!, 'http://localhost').origin, `${label}: ${location}`).toBe('http://localhost');
}

describe('the login redirect', () => {
  it('sends a guest who logs in back to our origin only', async () => {
    for (const target of EVIL) {
      const b = new Browser();
      const { token, html } = await b.open(`/auth/login?redirectTo=${encodeURIComponent(target)}`);
      // The page's hidden field already holds the safe path.
      expect(html.includes('value="//evil.com"')).toBe(false);
      const res = await b.fetch('/auth/login', form({ _token: token, email: demo.email, password: demo.password, redirectTo: target }));
      expect(res.status, target).toBe(303);
      expectSameOrigin(res.headers.get('Location'), target);
    }
  });

  it('sends a visitor who is already logged in to our origin only', async () => {
    const b = new Browser();
    const { token } = await b.open('/auth/login');
    expect((await b.fetch('/auth/login', form({ _token: token, email: demo.email, password: demo.password, redirectTo: '/account' }))).status).toBe(303);
    for (const target of EVIL) {
      const res = await b.fetch(`/auth/login?redirectTo=${encodeURIComponent(target)}`);
      expect(res.status, target).toBe(303);
      expectSameOrigin(res.headers.get('Location'), target);
    }
    // A path of our own still works.
    const ok = await b.fetch(`/auth/login?redirectTo=${encodeURIComponent('/domains/prices?category=greek')}`);
    expect(ok.headers.get('Location')).toBe('/domains/prices?category=greek');
  });
});
