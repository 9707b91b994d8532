// Issue #32 §3: a form action posted with a JSON, text or broken multipart body answered 500. Every
// route of the build's manifest that has an action is posted each kind of body (a route added later
// is in the list by itself): a page gets a translated HTML page with 415 or 400, a fetch the envelope
// with the catalogue code. A well-formed form still reaches its action.
import * as build from 'virtual:remix-build';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../core/errors';
import el from '../../i18n/el/errors.json';
import en from '../../i18n/en/errors.json';
import { Browser, form } from './helpers';
import { ADMIN } from './staff';

type ManifestRoute = (typeof build.routes)[string];

/** The address of a route: its parents' paths joined, each parameter given a plausible value. */
function addressOf(route: ManifestRoute): string {
  const parts: string[] = [];
  for (let r: ManifestRoute | undefined = route; r; r = r.parentId ? build.routes[r.parentId] : undefined) if (r.path) parts.unshift(r.path);
  const path = `/${parts.join('/')}`.replace(/\/+/g, '/').replace(/:[A-Za-z]+/g, '1').replace(/\*$/, 'x');
  const host = route.id.startsWith('routes/admin') ? ADMIN : '';
  return `${host}${path}${route.index ? '?index' : ''}`;
}

const ACTIONS = Object.values(build.routes)
  .filter((r) => typeof r.module.action === 'function')
  .map((r) => ({ id: r.id, address: addressOf(r) }));

// Its one-click body is optional (RFC 8058; worker/http/form-body.ts): the token in the address decides.
const BODY_OPTIONAL = new Set(['routes/newsletter.unsubscribe']);

const BOUNDARY = 'form-bodies-test';
const BODIES = [
  { kind: 'json', type: 'application/json', body: JSON.stringify({ _token: 'x', intent: 'save' }), status: 415, code: ErrorCode.UNSUPPORTED_FORM_BODY },
  { kind: 'text', type: 'text/plain;charset=UTF-8', body: '_token=x\r\nintent=save', status: 415, code: ErrorCode.UNSUPPORTED_FORM_BODY },
  { kind: 'none', type: null, body: null, status: 415, code: ErrorCode.UNSUPPORTED_FORM_BODY },
  // A part that never ends: no closing boundary.
  { kind: 'broken multipart', type: `multipart/form-data; boundary=${BOUNDARY}`, body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="_token"\r\n\r\nx`, status: 400, code: ErrorCode.MALFORMED_FORM_BODY },
  { kind: 'multipart without boundary', type: 'multipart/form-data', body: 'intent=save', status: 400, code: ErrorCode.MALFORMED_FORM_BODY },
] as const;

function post(body: (typeof BODIES)[number], accept: string): RequestInit {
  const headers: Record<string, string> = { Accept: accept };
  if (body.type) headers['Content-Type'] = body.type;
  return { method: 'POST', headers, body: body.body };
}

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('form actions and bodies that are no form', () => {
  it('finds the actions in the build (the storefront, the portal and the back office)', () => {
    expect(ACTIONS.length).toBeGreaterThan(50);
    const ids = ACTIONS.map((a) => a.id);
    for (const id of ['routes/auth.login', 'routes/cart', 'routes/account.domains._index', 'routes/admin.legal-files', 'routes/newsletter._index']) expect(ids).toContain(id);
  });

  it('answers every action a translated page with 415 or 400, never a 500', async () => {
    const b = new Browser();
    await b.open('/');
    const wrong: string[] = [];
    for (const action of ACTIONS) {
      for (const body of BODIES) {
        const res = await b.fetch(action.address, post(body, BROWSER_ACCEPT));
        const html = await res.text();
        if (BODY_OPTIONAL.has(action.id)) {
          if (res.status >= 500) wrong.push(`${action.address} ${body.kind}: ${res.status}`);
          continue;
        }
        const message = el[ErrorCode.UNSUPPORTED_FORM_BODY === body.code ? 'unsupported_form_body' : 'malformed_form_body'];
        const ok = res.status === body.status && res.headers.get('Content-Type')?.startsWith('text/html') && html.includes(`<h1>${message}</h1>`);
        if (!ok) wrong.push(`${action.address} ${body.kind}: ${res.status} ${res.headers.get('Content-Type')}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('answers a fetch (Remix .data, or a client that does not ask for HTML) the envelope with the code', async () => {
    const b = new Browser();
    await b.open('/');
    for (const [address, accept] of [
      ['/cart', 'application/json'],
      ['/auth/login.data', '*/*'],
      ['/account/domains.data?index', '*/*'],
      [`${ADMIN}/admin/legal-files.data`, '*/*'],
    ] as const) {
      for (const body of BODIES) {
        const res = await b.fetch(address, post(body, accept));
        expect([address, body.kind, res.status]).toEqual([address, body.kind, body.status]);
        expect(await res.json()).toEqual({ success: false, code: body.code, msg: el[body.code === ErrorCode.UNSUPPORTED_FORM_BODY ? 'unsupported_form_body' : 'malformed_form_body'], data: null });
      }
    }
  });

  it('speaks the chosen language', async () => {
    const b = new Browser();
    b.cookies.set('lng', 'en');
    const page = await b.fetch('/auth/login', post(BODIES[0], BROWSER_ACCEPT));
    expect(page.status).toBe(415);
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain(`<h1>${en.unsupported_form_body}</h1>`);
    const call = await b.fetch('/auth/login', post(BODIES[3], 'application/json'));
    expect(((await call.json()) as { msg: string }).msg).toBe(en.malformed_form_body);
  });

  it('still hands a well-formed form, URL-encoded or multipart, to its action', async () => {
    const b = new Browser();
    const { token } = await b.open('/auth/login');
    // A wrong password is the action's own answer (the form is re-shown), not the entry's refusal.
    const encoded = await b.fetch('/auth/login', { ...form({ _token: token, email: 'nobody@example.gr', password: 'wrong-password-1', redirectTo: '/account' }), headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8', Accept: BROWSER_ACCEPT } });
    expect(encoded.status).toBe(401);
    expect(await encoded.text()).toContain('data-testid="login-alert"');
    const multipart = new FormData();
    for (const [k, v] of Object.entries({ _token: token, email: 'nobody@example.gr', password: 'wrong-password-1', redirectTo: '/account' })) multipart.append(k, v);
    const parts = await b.fetch('/auth/login', { method: 'POST', body: multipart, headers: { Accept: BROWSER_ACCEPT } });
    expect(parts.status).toBe(401);
    expect(await parts.text()).toContain('data-testid="login-alert"');
  });
});
