import { env } from 'cloudflare:workers';
import { createExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { api } from '../../worker/api';
import { FULL_PRODUCTION } from '../fixtures/production-settings';
import { Browser, json } from './helpers';

describe('GET /api/health', () => {
  it('answers the envelope after checking D1', async () => {
    const res = await new Browser().fetch('/api/health');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; code: number; msg: string; data: { status: string; d1: { d1: string; countries: number } } };
    expect(body).toMatchObject({ success: true, code: 1000, data: { status: 'ok', d1: { d1: 'ok' } } });
    expect(body.data.d1.countries).toBe(31);
    expect(body.msg.length).toBeGreaterThan(0);
  });

  it('reports D1 failure as an envelope without leaking the driver error', async () => {
    const broken = {
      ...env,
      DB: {
        prepare() {
          throw new Error('SECRET_DRIVER_DETAIL at line 42');
        },
      } as unknown as D1Database,
    };
    const res = await api.fetch(new Request('http://localhost/api/health'), broken, createExecutionContext());
    expect(res.status).toBe(503);
    const text = await res.text();
    expect(text).not.toContain('SECRET_DRIVER_DETAIL');
    expect(JSON.parse(text)).toMatchObject({ success: false, code: 120 });
  });
});

describe('unknown calls', () => {
  it('answer 404 with unrecognized_action in the envelope', async () => {
    const res = await new Browser().fetch('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, code: 150 });
  });
});

describe('POST /api/user/set-cookie', () => {
  it('refuses a call without _token and changes nothing', async () => {
    const b = new Browser();
    await b.open('/');
    const res = await b.fetch('/api/user/set-cookie', json({ cName: 'showVat', cValue: 'no', cAction: 'set' }));
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ success: false, code: 49500 });
    expect(b.cookies.has('showVat')).toBe(false);
  });

  it('refuses a wrong token and a browser with no CSRF cookie', async () => {
    const b = new Browser();
    await b.open('/');
    const wrong = await b.fetch('/api/user/set-cookie', json({ _token: 'x'.repeat(43), cName: 'showVat', cValue: 'no' }));
    expect(wrong.status).toBe(403);
    const stranger = new Browser();
    const res = await stranger.fetch('/api/user/set-cookie', json({ _token: b.csrf, cName: 'showVat', cValue: 'no' }));
    expect(res.status).toBe(403);
    expect(stranger.cookies.has('showVat')).toBe(false);
  });

  it('stores showVat and countryVat with a valid token', async () => {
    const b = new Browser();
    const { token } = await b.open('/');
    expect(token).toBe(b.csrf);
    const res = await b.fetch('/api/user/set-cookie', json({ _token: token, cName: 'countryVat', cValue: 'de', cAction: 'set' }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, code: 1000, data: { cName: 'countryVat', cValue: 'DE' } });
    expect(b.cookies.get('countryVat')).toBe('DE');
    const viaHeader = await b.fetch('/api/user/set-cookie', json({ cName: 'showVat', cValue: 'no' }, { 'X-CSRF-Token': token }));
    expect(viaHeader.status).toBe(200);
    expect(b.cookies.get('showVat')).toBe('no');
  });

  it('keeps cookiesAccepted for 1095 days', async () => {
    const b = new Browser();
    const { token } = await b.open('/');
    const res = await b.fetch('/api/user/set-cookie', json({ _token: token, cName: 'cookiesAccepted', cValue: 'true' }));
    expect(res.status).toBe(200);
    const line = res.headers.getSetCookie().find((c) => c.startsWith('cookiesAccepted='));
    expect(line).toContain(`Max-Age=${1095 * 24 * 60 * 60}`);
  });

  it('rejects unknown cookie names and invalid values with catalogue codes', async () => {
    const b = new Browser();
    const { token } = await b.open('/');
    const badName = await b.fetch('/api/user/set-cookie', json({ _token: token, cName: 'session', cValue: 'x' }));
    expect(await badName.json()).toMatchObject({ success: false, code: 28000, data: { field: 'cName' } });
    const badCountry = await b.fetch('/api/user/set-cookie', json({ _token: token, cName: 'countryVat', cValue: 'ZZ' }));
    expect(badCountry.status).toBe(400);
    expect(await badCountry.json()).toMatchObject({ success: false, code: 100, data: { field: 'cValue' } });
    const badShow = await b.fetch('/api/user/set-cookie', json({ _token: token, cName: 'showVat', cValue: 'maybe' }));
    expect(badShow.status).toBe(400);
    expect(b.cookies.has('countryVat')).toBe(false);
  });

  it('removes a preference with cAction remove', async () => {
    const b = new Browser();
    const { token } = await b.open('/');
    await b.fetch('/api/user/set-cookie', json({ _token: token, cName: 'showVat', cValue: 'no' }));
    expect(b.cookies.get('showVat')).toBe('no');
    await b.fetch('/api/user/set-cookie', json({ _token: token, cName: 'showVat', cAction: 'remove' }));
    expect(b.cookies.has('showVat')).toBe(false);
  });

  it('answers malformed JSON with validation_error', async () => {
    const b = new Browser();
    const { token } = await b.open('/');
    const res = await b.fetch('/api/user/set-cookie', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token }, body: '{nope' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, code: 100 });
  });
});

describe('development-only calls', () => {
  it('publish a global notification in development (with _token)', async () => {
    const b = new Browser();
    const { token } = await b.open('/');
    const res = await b.fetch('/api/dev/global-notification', json({ _token: token, display: 'Δοκιμή', tone: 'warning' }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, code: 1000 });
  });

  it('answer 404 outside development', async () => {
    const prod = { ...env, ...FULL_PRODUCTION } as Env;
    const res = await api.fetch(new Request('http://localhost/api/dev/global-notification', { method: 'POST' }), prod, createExecutionContext());
    expect(res.status).toBe(404);
  });
});
