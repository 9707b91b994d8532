import { describe, expect, it } from 'vitest';
import { FULL_PRODUCTION } from '../tests/fixtures/production-settings';
import { DEMO_SELLER, describeProblems, isLoopbackHost, parseConfig, PORT_NAMES, type ConfigResult } from './config';
import { ibanValid } from './orders/bank';
import { DEV_SECRETS_KEY } from './secrets-key';

/** Two AES-256 keys for the tests (32 bytes each, base64). */
const KEY_A = btoa('a'.repeat(32));
const KEY_B = btoa('b'.repeat(32));

function problems(result: ConfigResult) {
  if (result.ok) throw new Error('expected problems');
  return Object.fromEntries(result.problems.map((p) => [p.setting, p.kind]));
}

describe('parseConfig', () => {
  it('defaults every port to its sandbox in development, with the development admin hosts', () => {
    const r = parseConfig({ APP_ENV: 'development', DB: {} });
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    expect(r.config).toMatchObject({ environment: 'development', demo: false, adminHosts: ['admin.localhost', 'my.localhost'], publicOrigin: null });
    expect(r.config.sandboxes).toEqual([...PORT_NAMES]);
    expect(r.config.payments).toEqual({ kind: 'sandbox', webhookSecret: null });
  });

  it('treats an unset or unknown APP_ENV as production and lists every missing setting', () => {
    for (const env of [{}, { APP_ENV: 'staging' }, { APP_ENV: 'production' }]) {
      const r = parseConfig(env);
      expect(r.ok).toBe(false);
      const p = problems(r);
      for (const name of ['PUBLIC_ORIGIN', 'ADMIN_HOSTS', 'MAIL_API_URL', 'MAIL_FROM', 'SMS_API_TOKEN', 'TURNSTILE_SECRET_KEY', 'EPP_GR_HOST', 'EPP_EURID_PASSWORD', 'EPP_ICM_CLIENT_ID', 'EPP_GENERIC_HOST', 'WHOIS_LIVE', 'PAYMENTS_API_KEY', 'PAYMENTS_WEBHOOK_SECRET', 'VIES_LIVE', 'PROVISIONER_API_URL', 'SSL_API_KEY']) {
        expect(p[name], name).toBe('missing');
      }
    }
  });

  it('accepts a fully configured production with no sandbox and no demo', () => {
    const r = parseConfig(FULL_PRODUCTION);
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    expect(r.config).toMatchObject({ environment: 'production', demo: false, sandboxes: [], adminHosts: ['admin.example.gr', 'my.example.gr'] });
    expect(r.config.registries.gr).toMatchObject({ kind: 'epp', host: 'epp.gr.test', port: 700 });
    expect(r.config.payments.kind).toBe('card');
    expect(r.config.vatCheck.kind).toBe('vies');
  });

  it('allows named sandboxes for a demo, which makes it a demo', () => {
    const base = { APP_ENV: 'production', PUBLIC_ORIGIN: 'https://demo.example.gr', ADMIN_HOSTS: 'admin.demo.example.gr', PAYMENTS_WEBHOOK_SECRET: 'd'.repeat(32), SECRETS_KEY: KEY_A };
    const all = parseConfig({ ...base, SANDBOX_PORTS: '*' });
    if (!all.ok) throw new Error(JSON.stringify(all.problems));
    expect(all.config.demo).toBe(true);
    expect(all.config.payments).toEqual({ kind: 'sandbox', webhookSecret: 'd'.repeat(32) });
    const some = parseConfig({ ...FULL_PRODUCTION, EPP_GR_HOST: '', EPP_GR_CLIENT_ID: '', EPP_GR_PASSWORD: '', VIES_LIVE: '0', SANDBOX_PORTS: 'registry:gr' });
    expect(problems(some)).toEqual({ VIES_LIVE: 'missing' });
    const both = parseConfig({ ...FULL_PRODUCTION, EPP_GR_HOST: '', EPP_GR_CLIENT_ID: '', EPP_GR_PASSWORD: '', VIES_LIVE: '0', SANDBOX_PORTS: 'registry, vat' });
    if (!both.ok) throw new Error(JSON.stringify(both.problems));
    expect(both.config.sandboxes).toEqual(['registry:gr', 'vat']);
    expect(both.config.vatCheck.kind).toBe('sandbox');
    expect(both.config.demo).toBe(true);
  });

  it('refuses sandbox payments beside a real registry, certificate reseller or hosting panel', () => {
    const noCard = { PAYMENTS_API_URL: '', PAYMENTS_API_KEY: '' };
    expect(problems(parseConfig({ ...FULL_PRODUCTION, ...noCard, SANDBOX_PORTS: 'payments' }))).toEqual({ SANDBOX_PORTS: 'invalid' });
    const allFake = parseConfig({ ...FULL_PRODUCTION, ...noCard, EPP_GR_HOST: '', EPP_GR_CLIENT_ID: '', EPP_GR_PASSWORD: '', EPP_EURID_HOST: '', EPP_EURID_CLIENT_ID: '', EPP_EURID_PASSWORD: '', EPP_ICM_HOST: '', EPP_ICM_CLIENT_ID: '', EPP_ICM_PASSWORD: '', EPP_GENERIC_HOST: '', EPP_GENERIC_CLIENT_ID: '', EPP_GENERIC_PASSWORD: '', SSL_API_URL: '', SSL_API_KEY: '', PROVISIONER_API_URL: '', PROVISIONER_API_TOKEN: '', SANDBOX_PORTS: 'payments,registry,ssl,provisioner' });
    if (!allFake.ok) throw new Error(JSON.stringify(allFake.problems));
    expect(allFake.config.payments.kind).toBe('sandbox');
  });

  it('refuses a sandbox myDATA beside real payments (receipts nobody transmits, with the demo seller)', () => {
    const noMydata = { MYDATA_API_URL: '', MYDATA_USER_ID: '', MYDATA_SUBSCRIPTION_KEY: '' };
    expect(problems(parseConfig({ ...FULL_PRODUCTION, ...noMydata, SANDBOX_PORTS: 'mydata' }))).toEqual({ SANDBOX_PORTS: 'invalid' });
    const r = parseConfig({ ...FULL_PRODUCTION });
    expect(r.ok && r.config.seller.vatNumber).toBe('801234560');
  });

  it('one seller for the footer, the bank transfer and the documents: its contact and bank come with it (issue #20 §1)', () => {
    const r = parseConfig(FULL_PRODUCTION);
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    expect(r.config.seller).toMatchObject({ name: 'Registrar A.E.', phone: '+30 210 123 4567', email: 'support@registrar.example.gr', bank: 'Εθνική Τράπεζα', iban: 'GR1601101250000000012300695' });
    // The six settings of before, without the contact and the bank, are half a seller.
    const { SELLER_PHONE, SELLER_EMAIL, SELLER_BANK, SELLER_IBAN, ...six } = FULL_PRODUCTION;
    void [SELLER_PHONE, SELLER_EMAIL, SELLER_BANK, SELLER_IBAN];
    expect(problems(parseConfig(six))).toEqual({ SELLER_PHONE: 'missing', SELLER_EMAIL: 'missing', SELLER_BANK: 'missing', SELLER_IBAN: 'missing' });
    // An IBAN whose check digits fail, a support address that is none, a phone that is not one.
    expect(problems(parseConfig({ ...FULL_PRODUCTION, SELLER_IBAN: 'GR17 0110 1250 0000 0001 2300 695', SELLER_EMAIL: 'support', SELLER_PHONE: 'call us' }))).toEqual({ SELLER_IBAN: 'invalid', SELLER_EMAIL: 'invalid', SELLER_PHONE: 'invalid' });
  });

  it('development has one demo seller, with a real-looking contact and an IBAN whose check digits hold', () => {
    const r = parseConfig({ APP_ENV: 'development', DB: {} });
    if (!r.ok) throw new Error('dev');
    expect(r.config.seller).toBe(DEMO_SELLER);
    expect(ibanValid(DEMO_SELLER.iban)).toBe(true);
    expect(DEMO_SELLER.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
    expect(DEMO_SELLER.phone).toMatch(/^\+30[\d ]+$/);
  });

  it('requires the webhook secret in production even when payments are the sandbox', () => {
    const r = parseConfig({ APP_ENV: 'production', PUBLIC_ORIGIN: 'https://demo.example.gr', ADMIN_HOSTS: 'admin.demo.example.gr', SANDBOX_PORTS: '*', SECRETS_KEY: KEY_A });
    expect(problems(r)).toEqual({ PAYMENTS_WEBHOOK_SECRET: 'missing' });
    expect(problems(parseConfig({ ...FULL_PRODUCTION, PAYMENTS_WEBHOOK_SECRET: 'short' }))).toEqual({ PAYMENTS_WEBHOOK_SECRET: 'invalid' });
  });

  it('requires the bounce webhook secret in production when mail is real, long enough, and reads it (issue #33 §3)', () => {
    const { MAIL_WEBHOOK_SECRET: _secret, ...noSecret } = FULL_PRODUCTION;
    expect(problems(parseConfig(noSecret))).toEqual({ MAIL_WEBHOOK_SECRET: 'missing' });
    expect(problems(parseConfig({ ...FULL_PRODUCTION, MAIL_WEBHOOK_SECRET: 'short' }))).toEqual({ MAIL_WEBHOOK_SECRET: 'invalid' });
    const r = parseConfig(FULL_PRODUCTION);
    expect(r.ok && r.config.mailWebhookSecret).toBe(FULL_PRODUCTION.MAIL_WEBHOOK_SECRET);
    // Sandbox mail has no provider to report bounces: no secret needed, and none means the webhook is shut.
    const demo = parseConfig({ APP_ENV: 'production', PUBLIC_ORIGIN: 'https://demo.example.gr', ADMIN_HOSTS: 'admin.demo.example.gr', SANDBOX_PORTS: '*', PAYMENTS_WEBHOOK_SECRET: 'w'.repeat(40), SECRETS_KEY: FULL_PRODUCTION.SECRETS_KEY });
    expect(demo.ok && demo.config.mailWebhookSecret).toBeNull();
  });

  it('refuses half a port in any environment, malformed values, unknown sandbox names and plain http', () => {
    expect(problems(parseConfig({ APP_ENV: 'development', MAIL_API_URL: 'https://mail.test' }))).toEqual({ MAIL_API_TOKEN: 'missing', MAIL_FROM: 'missing' });
    expect(problems(parseConfig({ APP_ENV: 'development', EPP_ICM_HOST: 'h', EPP_ICM_CLIENT_ID: 'c' }))).toEqual({ EPP_ICM_PASSWORD: 'missing' });
    expect(problems(parseConfig({ ...FULL_PRODUCTION, MAIL_FROM: 'nobody', EPP_GR_PORT: '99999', SANDBOX_PORTS: 'payment' }))).toEqual({ MAIL_FROM: 'invalid', EPP_GR_PORT: 'invalid', SANDBOX_PORTS: 'invalid' });
    expect(problems(parseConfig({ ...FULL_PRODUCTION, MAIL_API_URL: 'http://mail.example.test' }))).toEqual({ MAIL_API_URL: 'invalid' });
    expect(problems(parseConfig({ ...FULL_PRODUCTION, PUBLIC_ORIGIN: 'https://shop.example.gr/path' }))).toEqual({ PUBLIC_ORIGIN: 'invalid' });
    // A local production run (benchmarks) may use plain http on this machine.
    expect(parseConfig({ ...FULL_PRODUCTION, PUBLIC_ORIGIN: 'http://localhost:8799' }).ok).toBe(true);
  });

  it('reads EPP port and settings overrides', () => {
    const r = parseConfig({ ...FULL_PRODUCTION, EPP_EURID_PORT: '3121', EPP_EURID_SETTINGS: '{"nameserversMax":6}' });
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    expect(r.config.registries.eurid).toMatchObject({ port: 3121, settings: { nameserversMax: 6 } });
    expect(problems(parseConfig({ ...FULL_PRODUCTION, EPP_EURID_SETTINGS: '{nope' }))).toEqual({ EPP_EURID_SETTINGS: 'invalid' });
  });

  it('names settings, never their values, in the log line', () => {
    const r = parseConfig({ ...FULL_PRODUCTION, MAIL_API_TOKEN: '', PAYMENTS_WEBHOOK_SECRET: 'leaky-short-secret' });
    if (r.ok) throw new Error('expected problems');
    const line = describeProblems(r.environment, r.problems);
    expect(line).toContain('APP_ENV=production');
    expect(line).toContain('missing MAIL_API_TOKEN');
    expect(line).toContain('PAYMENTS_WEBHOOK_SECRET');
    expect(line).not.toContain('leaky-short-secret');
  });
});

describe('the secrets key (decision 091)', () => {
  it('is a configuration error when production has none, a malformed one or the published development key', () => {
    const { SECRETS_KEY: _none, ...without } = FULL_PRODUCTION;
    expect(problems(parseConfig(without))).toEqual({ SECRETS_KEY: 'missing' });
    expect(problems(parseConfig({ ...FULL_PRODUCTION, SECRETS_KEY: 'not base64!' }))).toEqual({ SECRETS_KEY: 'invalid' });
    expect(problems(parseConfig({ ...FULL_PRODUCTION, SECRETS_KEY: btoa('16 bytes only!!!') }))).toEqual({ SECRETS_KEY: 'invalid' });
    expect(problems(parseConfig({ ...FULL_PRODUCTION, SECRETS_KEY: DEV_SECRETS_KEY }))).toEqual({ SECRETS_KEY: 'invalid' });
    expect(problems(parseConfig({ ...FULL_PRODUCTION, SECRETS_OLD_KEYS: `1:${DEV_SECRETS_KEY}`, SECRETS_KEY_VERSION: '2' }))).toEqual({ SECRETS_OLD_KEYS: 'invalid' });
  });

  it('takes the current key with its version and the old keys of a rotation, never a version twice', () => {
    const r = parseConfig({ ...FULL_PRODUCTION, SECRETS_KEY: KEY_B, SECRETS_KEY_VERSION: '2', SECRETS_OLD_KEYS: `1:${KEY_A}` });
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    expect(r.config.secrets).toEqual({ current: { version: 2, key: KEY_B }, old: [{ version: 1, key: KEY_A }], development: false });
    const plain = parseConfig(FULL_PRODUCTION);
    expect(plain.ok && plain.config.secrets.current.version).toBe(1);
    expect(problems(parseConfig({ ...FULL_PRODUCTION, SECRETS_OLD_KEYS: `1:${KEY_B}` }))).toEqual({ SECRETS_OLD_KEYS: 'invalid' });
    expect(problems(parseConfig({ ...FULL_PRODUCTION, SECRETS_KEY_VERSION: '0' }))).toEqual({ SECRETS_KEY_VERSION: 'invalid' });
    expect(problems(parseConfig({ ...FULL_PRODUCTION, SECRETS_OLD_KEYS: 'one-key' }))).toEqual({ SECRETS_OLD_KEYS: 'invalid' });
  });

  it('uses the published development key, version 0, in development, and keeps it to open old rows', () => {
    const dev = parseConfig({ APP_ENV: 'development' });
    expect(dev.ok && dev.config.secrets).toEqual({ current: { version: 0, key: DEV_SECRETS_KEY }, old: [], development: true });
    const own = parseConfig({ APP_ENV: 'development', SECRETS_KEY: KEY_A });
    expect(own.ok && own.config.secrets).toEqual({ current: { version: 1, key: KEY_A }, old: [{ version: 0, key: DEV_SECRETS_KEY }], development: true });
  });

  it('never writes the key into the log line', () => {
    const r = parseConfig({ ...FULL_PRODUCTION, SECRETS_KEY: 'bm90LWEta2V5' });
    if (r.ok) throw new Error('expected problems');
    expect(describeProblems(r.environment, r.problems)).not.toContain('bm90LWEta2V5');
  });
});

describe('isLoopbackHost', () => {
  it('knows this machine by its names', () => {
    for (const h of ['localhost', '127.0.0.1', '[::1]', 'admin.localhost']) expect(isLoopbackHost(h), h).toBe(true);
    for (const h of ['example.gr', 'localhost.example.gr', '10.0.0.1', 'mylocalhost']) expect(isLoopbackHost(h), h).toBe(false);
  });
});
