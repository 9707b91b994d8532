import { describe, expect, it } from 'vitest';
import { ADMIN, newStaff, staffBrowser, staffLogin } from './staff';
import { hasPlaceholder, PAGES, type Role } from '../page-list';
import { Browser, form, login } from './helpers';

const NB = '\u00a0';

/** The displayed .gr chip price on the home page (net cents are in data-price-net). */
function chipPrice(html: string, tld: string): string | null {
  const chip = new RegExp(`data-tld="${tld}">(.*?)</li>`).exec(html)?.[1] ?? '';
  const prices = [...chip.matchAll(/<span class="font-semibold" data-price-net="(\d+)">([^<]+)<\/span>/g)];
  return prices.at(-1)?.[2] ?? null;
}

describe('home page', () => {
  it('renders in Greek with VAT-inclusive prices for GR by default', async () => {
    const { res, html } = await new Browser().open('/');
    expect(res.status).toBe(200);
    expect(html).toContain('<html lang="el"');
    expect(html).toContain('Οι τιμές περιλαμβάνουν ΦΠΑ 24%');
    // .com: 1 year at 1090 net (promo 690) → 690 × 1.24 = 855.6 → 8,56 €
    expect(chipPrice(html, 'com')).toBe(`8,56${NB}€`);
  });

  it('follows the stored VAT country and the without-VAT choice', async () => {
    const de = new Browser();
    de.cookies.set('countryVat', 'DE');
    de.cookies.set('showVat', 'yes');
    expect(chipPrice((await de.open('/')).html, 'com')).toBe(`8,21${NB}€`); // 690 × 1.19
    const net = new Browser();
    net.cookies.set('showVat', 'no');
    const { html } = await net.open('/');
    expect(chipPrice(html, 'com')).toBe(`6,90${NB}€`);
    expect(html).toContain('Οι τιμές εμφανίζονται χωρίς ΦΠΑ.');
  });

  it('falls back to GR with VAT hidden for a stored country not in the list', async () => {
    const b = new Browser();
    b.cookies.set('countryVat', 'ZZ');
    b.cookies.set('showVat', 'yes');
    expect(chipPrice((await b.open('/')).html, 'com')).toBe(`6,90${NB}€`);
  });

  it('sends security headers and a CSP whose nonce is on the inline scripts', async () => {
    const { res, html } = await new Browser().open('/');
    const csp = res.headers.get('Content-Security-Policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
  });
});

describe('catalog pages', () => {
  it('lists every TLD with per-year prices and the .gr even-year lengths', async () => {
    const { html } = await new Browser().open('/domains/prices');
    expect(html).toContain('data-testid="tld-price-table"');
    expect((html.match(/<tr class="border-t border-slate-100" data-tld=/g) ?? []).length).toBe(36);
    expect(html).toMatch(/data-tld="gr">[\s\S]*?Διάρκειες \(έτη\): 2, 4, 6, 8, 10/);
  });

  it('filters the price list by category without JavaScript', async () => {
    const { html } = await new Browser().open('/domains/prices?category=greek');
    const rows = [...html.matchAll(/<tr class="border-t border-slate-100" data-tld="([^"]+)"/g)].map((m) => m[1]);
    expect(rows).toEqual(expect.arrayContaining(['gr', 'com.gr', 'ελ']));
    expect(rows).not.toContain('com');
  });

  it('shows each hosting family and 404s an unknown one', async () => {
    const b = new Browser();
    for (const slug of ['shared-linux', 'shared-windows', 'wordpress', 'semi-dedicated', 'cloud-vps', 'dedicated']) {
      const { res, html } = await b.open(`/hosting/${slug}`);
      expect(res.status, slug).toBe(200);
      expect(html, slug).toContain('data-testid="plan-card"');
    }
    const { html: pro } = await b.open('/hosting/shared-linux');
    expect(pro).toMatch(/data-sku="sha_lin_pro"[\s\S]*?Διατίθεται μόνο με μηνιαία χρέωση/);
    const missing = await b.open('/hosting/mainframe');
    expect(missing.res.status).toBe(404);
    expect(missing.html).toContain('Η σελίδα δεν βρέθηκε');
  });

  it('lists SSL certificates and add-ons', async () => {
    const { html } = await new Browser().open('/ssl');
    expect((html.match(/data-testid="ssl-card"/g) ?? []).length).toBeGreaterThanOrEqual(5);
    expect(html).toContain('data-sku="id_protect"');
  });
});

describe('settings form (no JavaScript path)', () => {
  it('refuses a post without the CSRF token and changes nothing', async () => {
    const b = new Browser();
    await b.open('/');
    const res = await b.fetch('/settings', form({ intent: 'vat', showVat: 'no', countryVat: 'DE', redirectTo: '/' }));
    expect(res.status).toBe(403);
    expect(b.cookies.has('showVat')).toBe(false);
    expect(b.cookies.has('countryVat')).toBe(false);
  });

  it('stores the VAT choice and redirects back', async () => {
    const b = new Browser();
    const { token } = await b.open('/ssl');
    const res = await b.fetch('/settings', form({ _token: token, intent: 'vat', showVat: 'yes', countryVat: 'LU', redirectTo: '/ssl' }));
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/ssl');
    expect(b.cookies.get('countryVat')).toBe('LU');
    const { html } = await b.open('/ssl');
    expect(html).toContain('Οι τιμές περιλαμβάνουν ΦΠΑ 17%');
  });

  it('never redirects off-site', async () => {
    const b = new Browser();
    const { token } = await b.open('/');
    const res = await b.fetch('/settings', form({ _token: token, intent: 'cookies', redirectTo: '//evil.example/' }));
    expect(res.headers.get('Location')).toBe('/');
    expect(b.cookies.get('cookiesAccepted')).toBe('true');
    expect((await b.open('/')).html).not.toContain('data-testid="cookie-notice"');
  });

  it('switches the language to English', async () => {
    const b = new Browser();
    const { token } = await b.open('/');
    await b.fetch('/settings', form({ _token: token, intent: 'language', lng: 'en', redirectTo: '/' }));
    const { res, html } = await b.open('/');
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('Prices include VAT 24%');
    expect(res.headers.get('Content-Language')).toBe('en');
  });

  it('remembers a dismissed banner for the browser session', async () => {
    const b = new Browser();
    const { token, html } = await b.open('/');
    const slug = /data-testid="banner-current" data-slug="([^"]+)"/.exec(html)?.[1];
    expect(slug).toBeTruthy();
    const res = await b.fetch('/settings', form({ _token: token, intent: 'banner', slug: slug!, redirectTo: '/' }));
    const line = res.headers.getSetCookie().find((c) => c.startsWith('banners_dismissed='));
    expect(line).not.toMatch(/Max-Age|Expires/); // a session cookie
    const after = await b.open('/');
    expect(after.html).not.toContain(`data-slug="${slug}"`);
  });
});

describe('errorCode cookie', () => {
  it('is shown once as an alert and removed', async () => {
    const b = new Browser();
    b.cookies.set('errorCode', 'account_suspended:false');
    const first = await b.open('/');
    expect(first.html).toMatch(/data-alert-type="alert"/);
    expect(first.html).toContain('ανασταλεί');
    expect(b.cookies.has('errorCode')).toBe(false);
    const second = await b.open('/');
    expect(second.html).not.toMatch(/data-alert-type="alert"/);
  });

  it('shows a value with no marker as a warning', async () => {
    const b = new Browser();
    b.cookies.set('errorCode', 'registry_maintenance');
    expect((await b.open('/')).html).toMatch(/data-alert-type="warning"/);
  });
});

describe('translations for the browser', () => {
  it('are preloaded by the page and served as versioned, immutable JSON', async () => {
    const b = new Browser();
    const { html } = await b.open('/');
    const href = /<link rel="preload" as="fetch" href="([^"]+)" crossorigin="anonymous" id="i18n-resources"/.exec(html)?.[1];
    expect(href).toMatch(/^\/locales\/el\?v=\w+$/);
    const res = await b.fetch(href!.replace(/&amp;/g, '&'));
    expect(res.headers.get('Cache-Control')).toContain('immutable');
    const body = (await res.json()) as { common: { vat: { with: string } }; errors: Record<string, unknown> };
    expect(body.common.vat.with).toBe('Με ΦΠΑ');
    expect(Object.keys(body.errors).length).toBeGreaterThan(190);
  });

  it('revalidate an unversioned URL and 404 an unknown language', async () => {
    const b = new Browser();
    expect((await b.fetch('/locales/en')).headers.get('Cache-Control')).toBe('public, max-age=300');
    expect((await b.fetch('/locales/fr')).status).toBe(404);
  });
});

describe('translations are complete', () => {
  // The pages of tests/page-list.ts that need no state the browser layer creates (a cart line, an order).
  const listed = (role: Role) => PAGES.filter((p) => p.role === role && !hasPlaceholder(p) && p.route !== 'admin.two-factor');
  for (const lng of ['el', 'en']) {
    it(`renders every page in ${lng} without a missing key`, async () => {
      const b = new Browser();
      b.cookies.set('lng', lng);
      for (const { path, status } of listed('guest')) {
        const res = await b.fetch(path);
        await res.text();
        expect(res.status, `${lng} ${path}`).toBe(status ?? 200);
        expect(res.headers.get('X-I18n-Missing'), `${lng} ${path}`).toBeNull();
      }
      // States reached by posting: the reset's "we sent a code" (view 3, the same for every address), registration step 2.
      const reset = await b.open('/auth/reset');
      const methods = await b.fetch('/auth/reset', form({ _token: reset.token, intent: 'options', email: 'demo@example.gr' }));
      expect(await methods.text()).toContain('data-view="3"');
      expect(methods.headers.get('X-I18n-Missing'), `${lng} reset view 3`).toBeNull();
      const step2 = await b.fetch(
        '/auth/register',
        form({ _token: reset.token, intent: 'continue', email: `pages-${lng}@example.gr`, password: 'Kalimera-Thalassa-42!', password_confirmation: 'Kalimera-Thalassa-42!', first_name: 'Άννα', last_name: 'Λάμπρου' }),
      );
      expect(await step2.text()).toContain('data-step="2"');
      expect(step2.headers.get('X-I18n-Missing'), `${lng} register step 2`).toBeNull();
      // The account area (its tabs, the mobile and e-mail changes) and the cart, logged in.
      await login(b, 'demo@example.gr', 'Demo-Pelatis-2026');
      for (const { path } of listed('customer')) {
        const res = await b.fetch(path);
        expect(res.status, path).toBeLessThan(400);
        await res.text();
        expect(res.headers.get('X-I18n-Missing'), `${lng} ${path}`).toBeNull();
      }
      // Issue #10: the staff pages, for an administrator with two-factor and one still to enrol.
      const { b: staff } = await staffBrowser();
      staff.cookies.set('lng', lng);
      for (const { path, status } of listed('staff')) {
        const res = await staff.fetch(`${ADMIN}${path}`);
        expect(res.status, path).toBe(status ?? 200);
        await res.text();
        expect(res.headers.get('X-I18n-Missing'), `${lng} ${path}`).toBeNull();
      }
      const enrolling = new Browser();
      enrolling.cookies.set('lng', lng);
      await staffLogin(enrolling, await newStaff({ totp: false }));
      const enrol = await enrolling.fetch(`${ADMIN}/admin/two-factor`);
      expect(enrol.status).toBe(200);
      expect(await enrol.text()).toContain('<svg');
      expect(enrol.headers.get('X-I18n-Missing'), `${lng} /admin/two-factor`).toBeNull();
    }, 30_000); // about forty pages, staff logins included
  }
});
