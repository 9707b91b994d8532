// The Worker's configuration as one validated object (issue #10 §1, decision 021). Pure: it reads a
// plain record of settings (the Worker's `env`, or a `.dev.vars` file in `npm run check:deploy`) and
// answers either the whole configuration or the list of what is missing or malformed. It fails
// closed: APP_ENV other than 'development' (unset included) is production, and production never
// falls back to a sandbox unless SANDBOX_PORTS names it.
import { z } from 'zod';
import { registryFamilies, type RegistryFamily } from './catalog';
import { compactIban, ibanValid } from './orders/bank';
import { DEV_SECRETS_KEY, DEV_SECRETS_KEY_VERSION, developmentRing, keyProblem, parseOldKeys, versionProblem, type SecretKey, type SecretKeyRing } from './secrets-key';

export type Environment = 'development' | 'production';

/** Every outside system (DESIGN.md "Outside systems"), by the name SANDBOX_PORTS uses. */
export const PORT_NAMES = ['mail', 'sms', 'captcha', ...registryFamilies.map((f) => `registry:${f}` as const), 'whois', 'payments', 'vat', 'provisioner', 'ssl', 'mydata'] as const;
export type PortName = (typeof PORT_NAMES)[number];

/** The development hosts of the admin area (the worker and browser tests use admin.localhost). */
export const DEVELOPMENT_ADMIN_HOSTS = ['admin.localhost', 'my.localhost'];
/** A production webhook secret shorter than this is refused: it signs payment approvals. */
export const MIN_WEBHOOK_SECRET_LENGTH = 32;

type Real<K extends string, T> = { kind: K } & T;
type Sandbox = { kind: 'sandbox' };

export type EppSettingsOverride = { nameserversMin?: number; nameserversMax?: number; contactRoles?: string[]; transferRenews?: boolean };
export type EppPortConfig = Real<'epp', { host: string; port: number; clientId: string; password: string; settings: EppSettingsOverride | null }>;

export type PortsConfig = {
  mail: Real<'http', { url: string; token: string; from: string }> | Sandbox;
  sms: Real<'http', { url: string; token: string; from: string }> | Sandbox;
  captcha: Real<'turnstile', { siteKey: string; secretKey: string }> | Sandbox;
  registries: Record<RegistryFamily, EppPortConfig | Sandbox>;
  /** The sandbox WHOIS answers only for our own registries' names (others: 27000). */
  whois: Real<'live', object> | Sandbox;
  /** The sandbox's secret is null only in development (the adapter then uses its development value). */
  payments: Real<'card', { apiUrl: string; apiKey: string; webhookSecret: string }> | (Sandbox & { webhookSecret: string | null });
  vatCheck: Real<'vies', object> | Sandbox;
  provisioner: Real<'panel', { apiUrl: string; apiToken: string }> | Sandbox;
  ssl: Real<'reseller', { apiUrl: string; apiKey: string }> | Sandbox;
  /** AADE's myDATA REST API (issue #13 §4): the user id and subscription key of the seller's account. */
  mydata: Real<'aade', { apiUrl: string; userId: string; subscriptionKey: string }> | Sandbox;
};

/**
 * The seller: printed on every legal document and transmitted to myDATA as the issuer, and the one
 * identity customers see everywhere else too (issue #20 §1): the footer's company, address, phone
 * and support address, the beneficiary and account of a bank transfer, the mails. `iban` compact.
 */
/** `gemi`: the ΓΕΜΗ (General Commercial Registry) number a Greek company prints on its invoices (issue #25 §6); optional. */
export type Seller = { name: string; vatNumber: string; taxOffice: string; address: string; city: string; postcode: string; country: 'GR'; phone: string; email: string; bank: string; iban: string; gemi?: string };

/**
 * The demo seller (development, and production demos whose myDATA is a sandbox): the one place of
 * the development defaults. The ΑΦΜ and the IBAN have valid check digits but belong to nobody we know;
 * the phone is a Greek number of the right shape; a real deployment sets SELLER_*.
 */
export const DEMO_SELLER: Seller = {
  name: 'Registrar Demo Μονοπρόσωπη Ι.Κ.Ε.',
  vatNumber: '998877666',
  taxOffice: 'ΚΕΦΟΔΕ ΑΤΤΙΚΗΣ',
  address: 'Λεωφόρος Συγγρού 100',
  city: 'Αθήνα',
  postcode: '11741',
  country: 'GR',
  phone: '+30 210 900 0100',
  email: 'support@registrar-demo.gr',
  bank: 'Τράπεζα Πειραιώς',
  iban: 'GR2101700000000000000123456',
  gemi: '123456701000',
};
/** What pages show of the seller (the footer, the support texts): no tax office, no bank. */
export function publicSeller(s: Seller) {
  return { name: s.name, vatNumber: s.vatNumber, address: s.address, city: s.city, postcode: s.postcode, phone: s.phone, email: s.email };
}

export const SELLER_SETTINGS = ['SELLER_NAME', 'SELLER_VAT_NUMBER', 'SELLER_TAX_OFFICE', 'SELLER_ADDRESS', 'SELLER_CITY', 'SELLER_POSTCODE', 'SELLER_PHONE', 'SELLER_EMAIL', 'SELLER_BANK', 'SELLER_IBAN'] as const;

export type AppConfig = PortsConfig & {
  environment: Environment;
  /** Production with at least one sandbox port: every page shows the demo ribbon. */
  demo: boolean;
  /** The ports served by their sandbox, in PORT_NAMES order. */
  sandboxes: PortName[];
  publicOrigin: string | null;
  /** Exact host names (lower case, no port) that select the admin area. */
  adminHosts: string[];
  /** The only key to the development-only pages and calls (X-Dev-Token or its cookie, decision 045). */
  devApiToken: string | null;
  /**
   * What the mail provider's bounce webhook must present (issue #33 §3): production requires it when
   * mail is real; null shuts the webhook (sandbox mail has no provider to report bounces).
   */
  mailWebhookSecret: string | null;
  seller: Seller;
  /** The keys that seal the secrets we read back (decision 091): development's published one there. */
  secrets: SecretKeyRing;
};

export type ConfigProblem = { setting: string; kind: 'missing' | 'invalid'; reason: string };
export type ConfigResult = { ok: true; config: AppConfig } | { ok: false; environment: Environment; problems: ConfigProblem[] };

// ── the settings ───────────────────────────────────────────────────────────────────────────────

const LOOPBACK = /^(localhost|127\.0\.0\.1|\[::1\]|.+\.localhost)$/i;

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK.test(hostname);
}

const url = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
const text = z.string().min(1).max(4096);
const flag = z.enum(['0', '1'], { error: "must be '1' (on) or '0' (off)" });
const eppSettings = z
  .string()
  .transform((s, ctx) => {
    try {
      return JSON.parse(s) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be JSON' });
      return z.NEVER;
    }
  })
  .pipe(
    z.strictObject({
      nameserversMin: z.int().min(0).max(13).optional(),
      nameserversMax: z.int().min(1).max(13).optional(),
      contactRoles: z.array(z.string().min(1)).optional(),
      transferRenews: z.boolean().optional(),
    }),
  );
const hostList = z
  .string()
  .transform((s) => s.split(',').map((h) => h.trim().toLowerCase().replace(/:\d+$/, '')).filter(Boolean))
  .pipe(z.array(z.string().regex(/^[a-z0-9.-]+$/, 'must be host names separated by commas')).min(1));
const portList = z
  .string()
  .transform((s) => s.split(',').map((p) => p.trim().toLowerCase()).filter(Boolean))
  .pipe(z.array(z.enum(['*', 'registry', ...PORT_NAMES], { error: `names ports: ${PORT_NAMES.join(', ')}, registry or *` })));

/** Every setting the configuration reads, with the format it must have when given. */
export const SETTINGS = {
  APP_ENV: z.string(),
  PUBLIC_ORIGIN: url,
  ADMIN_HOSTS: hostList,
  DEV_API_TOKEN: z.string().min(16, 'must be at least 16 characters'),
  SANDBOX_PORTS: portList,
  MAIL_API_URL: url,
  MAIL_API_TOKEN: text,
  MAIL_FROM: z.email({ error: 'must be an e-mail address' }),
  MAIL_WEBHOOK_SECRET: text,
  SMS_API_URL: url,
  SMS_API_TOKEN: text,
  SMS_FROM: z.string().min(1).max(16),
  TURNSTILE_SITE_KEY: text,
  TURNSTILE_SECRET_KEY: text,
  ...Object.fromEntries(
    registryFamilies.flatMap((f) => {
      const p = `EPP_${f.toUpperCase()}_`;
      return [
        [`${p}HOST`, z.string().regex(/^[a-z0-9.-]+$/i, 'must be a host name')],
        [`${p}PORT`, z.coerce.number<string>().int().min(1).max(65535)],
        [`${p}CLIENT_ID`, text],
        [`${p}PASSWORD`, text],
        [`${p}SETTINGS`, eppSettings],
      ];
    }),
  ),
  WHOIS_LIVE: flag,
  PAYMENTS_API_URL: url,
  PAYMENTS_API_KEY: text,
  PAYMENTS_WEBHOOK_SECRET: text,
  VIES_LIVE: flag,
  PROVISIONER_API_URL: url,
  PROVISIONER_API_TOKEN: text,
  SSL_API_URL: url,
  SSL_API_KEY: text,
  MYDATA_API_URL: url,
  MYDATA_USER_ID: text,
  MYDATA_SUBSCRIPTION_KEY: text,
  SELLER_NAME: text,
  SELLER_VAT_NUMBER: z.string().regex(/^\d{9}$/, 'must be a Greek ΑΦΜ (9 digits)'),
  SELLER_TAX_OFFICE: text,
  SELLER_ADDRESS: text,
  SELLER_CITY: text,
  SELLER_POSTCODE: z.string().regex(/^\d{5}$/, 'must be a Greek postcode (5 digits)'),
  SELLER_PHONE: z.string().regex(/^\+\d[\d ]{6,19}$/, 'must be a phone number in international form (+30 210 …)'),
  SELLER_EMAIL: z.email('must be an e-mail address'),
  SELLER_BANK: text,
  SELLER_IBAN: z.string().refine(ibanValid, 'must be an IBAN whose check digits hold').transform(compactIban),
  // Optional (not every seller is in ΓΕΜΗ): printed on the legal documents when given.
  SELLER_GEMI: z.string().regex(/^\d{9,12}$/, 'must be a ΓΕΜΗ number (9 to 12 digits)'),
  // Decision 091: the AES-256 key that seals the free-hosting panel passwords, its version, and the
  // earlier keys kept to open what they sealed until it is sealed again.
  SECRETS_KEY: z.string().superRefine((v, ctx) => void (keyProblem(v) && ctx.addIssue({ code: 'custom', message: keyProblem(v)! }))),
  SECRETS_KEY_VERSION: z.string().superRefine((v, ctx) => void (versionProblem(v) && ctx.addIssue({ code: 'custom', message: versionProblem(v)! }))).transform(Number),
  SECRETS_OLD_KEYS: z.string().transform((v, ctx) => {
    const r = parseOldKeys(v);
    if ('problem' in r) {
      ctx.addIssue({ code: 'custom', message: r.problem });
      return z.NEVER;
    }
    return r.keys;
  }),
} as Record<string, z.ZodType>;

/** What makes each port real: all of `settings` given (a flag port: its flag is '1'). */
export const PORT_SETTINGS: Record<PortName, readonly string[]> = {
  mail: ['MAIL_API_URL', 'MAIL_API_TOKEN', 'MAIL_FROM'],
  sms: ['SMS_API_URL', 'SMS_API_TOKEN', 'SMS_FROM'],
  captcha: ['TURNSTILE_SITE_KEY', 'TURNSTILE_SECRET_KEY'],
  ...(Object.fromEntries(registryFamilies.map((f) => [`registry:${f}`, ['HOST', 'CLIENT_ID', 'PASSWORD'].map((k) => `EPP_${f.toUpperCase()}_${k}`)])) as Record<`registry:${RegistryFamily}`, string[]>),
  whois: ['WHOIS_LIVE'],
  payments: ['PAYMENTS_API_URL', 'PAYMENTS_API_KEY', 'PAYMENTS_WEBHOOK_SECRET'],
  vat: ['VIES_LIVE'],
  provisioner: ['PROVISIONER_API_URL', 'PROVISIONER_API_TOKEN'],
  ssl: ['SSL_API_URL', 'SSL_API_KEY'],
  mydata: ['MYDATA_API_URL', 'MYDATA_USER_ID', 'MYDATA_SUBSCRIPTION_KEY'],
};

/** Needed in production whatever the ports are. */
export const PRODUCTION_SETTINGS = ['PUBLIC_ORIGIN', 'ADMIN_HOSTS', 'PAYMENTS_WEBHOOK_SECRET', 'SECRETS_KEY'] as const;

const FLAG_PORTS = new Set<PortName>(['whois', 'vat']);
/** Settings whose presence says "this port is meant to be real" (the webhook secret also serves the sandbox). */
const intentOf = (port: PortName) => (port === 'payments' ? ['PAYMENTS_API_URL', 'PAYMENTS_API_KEY'] : PORT_SETTINGS[port]);

// ── the schema ─────────────────────────────────────────────────────────────────────────────────

type Values = Record<string, unknown>;

/** A blank or non-string setting counts as not given (wrangler passes '' for an emptied secret). */
function given(raw: Record<string, unknown>, key: string): string | undefined {
  const v = raw[key];
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

function environmentOf(raw: Record<string, unknown>): Environment {
  return given(raw, 'APP_ENV') === 'development' ? 'development' : 'production';
}

function build(raw: Record<string, unknown>, ctx: z.RefinementCtx): AppConfig {
  const environment = environmentOf(raw);
  const production = environment === 'production';
  const problem = (setting: string, kind: ConfigProblem['kind'], reason: string) => ctx.addIssue({ code: 'custom', path: [setting], message: reason, params: { kind } });
  const v: Values = {};
  for (const [key, schema] of Object.entries(SETTINGS)) {
    const value = given(raw, key);
    if (value === undefined) continue;
    const parsed = schema.safeParse(value);
    if (!parsed.success) problem(key, 'invalid', parsed.error.issues[0]?.message ?? 'is malformed');
    else v[key] = parsed.data;
  }
  // Production talks to the world over TLS; plain http only to this machine (a local production run).
  if (production) {
    for (const key of Object.keys(SETTINGS).filter((k) => k.endsWith('_URL') || k === 'PUBLIC_ORIGIN')) {
      const u = v[key];
      if (typeof u === 'string' && new URL(u).protocol !== 'https:' && !isLoopbackHost(new URL(u).hostname)) problem(key, 'invalid', 'must be https in production');
    }
    const secret = v.PAYMENTS_WEBHOOK_SECRET;
    if (typeof secret === 'string' && secret.length < MIN_WEBHOOK_SECRET_LENGTH) problem('PAYMENTS_WEBHOOK_SECRET', 'invalid', `must be at least ${MIN_WEBHOOK_SECRET_LENGTH} characters`);
    for (const key of PRODUCTION_SETTINGS) if (given(raw, key) === undefined) problem(key, 'missing', 'is required in production');
    const mailSecret = v.MAIL_WEBHOOK_SECRET;
    if (typeof mailSecret === 'string' && mailSecret.length < MIN_WEBHOOK_SECRET_LENGTH) problem('MAIL_WEBHOOK_SECRET', 'invalid', `must be at least ${MIN_WEBHOOK_SECRET_LENGTH} characters`);
  }
  const origin = v.PUBLIC_ORIGIN;
  if (typeof origin === 'string' && new URL(origin).origin !== origin.replace(/\/+$/, '')) problem('PUBLIC_ORIGIN', 'invalid', 'must be an origin (scheme and host, no path)');

  const allowed = new Set((v.SANDBOX_PORTS as string[] | undefined) ?? []);
  const sandboxAllowed = (port: PortName) => !production || allowed.has('*') || allowed.has(port) || (port.startsWith('registry:') && allowed.has('registry'));
  const real = new Map<PortName, boolean>();
  for (const port of PORT_NAMES) {
    const keys = PORT_SETTINGS[port];
    const isReal = FLAG_PORTS.has(port) ? v[keys[0]!] === '1' : keys.every((k) => v[k] !== undefined);
    const meant = FLAG_PORTS.has(port) ? isReal : intentOf(port).some((k) => given(raw, k) !== undefined);
    real.set(port, isReal);
    if (isReal) continue;
    // Half a configuration is a mistake in any environment, never a silent sandbox.
    if (meant) for (const k of keys) if (given(raw, k) === undefined) problem(k, 'missing', `${port} is half configured`);
    const has = (k: string) => (FLAG_PORTS.has(port) ? v[k] === '1' : v[k] !== undefined);
    if (!meant && !sandboxAllowed(port)) for (const k of keys) if (!has(k)) problem(k, 'missing', `${port} needs it in production (or SANDBOX_PORTS=${port})`);
  }

  // Sandbox payments beside real fulfilment would hand out real names, certificates and servers for a
  // payment anyone can approve on the sandbox page: in production, payments are real whenever anything
  // that costs money upstream is.
  if (production && !real.get('payments')) {
    const costly = PORT_NAMES.filter((p) => (p.startsWith('registry:') || p === 'ssl' || p === 'provisioner') && real.get(p));
    if (costly.length) problem('SANDBOX_PORTS', 'invalid', `payments may be a sandbox only while ${costly.join(', ')} are sandboxes too`);
  }

  // Real money needs real legal documents: myDATA may be a sandbox in production only while payments
  // are one too (a demo), or the shop would take money and issue receipts nobody transmits.
  if (production && real.get('payments') && !real.get('mydata')) problem('SANDBOX_PORTS', 'invalid', 'mydata may be a sandbox only while payments is one too');

  // The seller is printed on every legal document: production names it, unless myDATA is a sandbox
  // too (a demo), where the demo seller stands in. Half of it is a mistake anywhere.
  const sellerGiven = SELLER_SETTINGS.filter((k) => given(raw, k) !== undefined);
  if (sellerGiven.length && sellerGiven.length < SELLER_SETTINGS.length) for (const k of SELLER_SETTINGS) if (given(raw, k) === undefined) problem(k, 'missing', 'the seller is half configured');
  if (production && !sellerGiven.length && real.get('mydata')) for (const k of SELLER_SETTINGS) problem(k, 'missing', 'the seller of real myDATA documents is required in production');

  const secrets = secretsRing(v, production, problem);
  // Real mail reports bounces through its webhook, which only this secret opens (an open one would let
  // anyone mark any message bounced): production with real mail needs it.
  if (production && real.get('mail') && given(raw, 'MAIL_WEBHOOK_SECRET') === undefined) problem('MAIL_WEBHOOK_SECRET', 'missing', 'is required in production when mail is real (the bounce webhook)');

  const s = (key: string) => v[key] as string;
  const epp = (f: RegistryFamily): EppPortConfig | Sandbox => {
    if (!real.get(`registry:${f}`)) return { kind: 'sandbox' };
    const p = `EPP_${f.toUpperCase()}_`;
    return { kind: 'epp', host: s(`${p}HOST`), port: (v[`${p}PORT`] as number | undefined) ?? 700, clientId: s(`${p}CLIENT_ID`), password: s(`${p}PASSWORD`), settings: (v[`${p}SETTINGS`] as EppSettingsOverride | undefined) ?? null };
  };
  const sandboxes = PORT_NAMES.filter((p) => !real.get(p));
  return {
    environment,
    demo: production && sandboxes.length > 0,
    sandboxes,
    publicOrigin: typeof origin === 'string' ? origin.replace(/\/+$/, '') : null,
    adminHosts: (v.ADMIN_HOSTS as string[] | undefined) ?? (production ? [] : DEVELOPMENT_ADMIN_HOSTS),
    devApiToken: (v.DEV_API_TOKEN as string | undefined) ?? null,
    mailWebhookSecret: (v.MAIL_WEBHOOK_SECRET as string | undefined) ?? null,
    mail: real.get('mail') ? { kind: 'http', url: s('MAIL_API_URL'), token: s('MAIL_API_TOKEN'), from: s('MAIL_FROM') } : { kind: 'sandbox' },
    sms: real.get('sms') ? { kind: 'http', url: s('SMS_API_URL'), token: s('SMS_API_TOKEN'), from: s('SMS_FROM') } : { kind: 'sandbox' },
    captcha: real.get('captcha') ? { kind: 'turnstile', siteKey: s('TURNSTILE_SITE_KEY'), secretKey: s('TURNSTILE_SECRET_KEY') } : { kind: 'sandbox' },
    registries: Object.fromEntries(registryFamilies.map((f) => [f, epp(f)])) as Record<RegistryFamily, EppPortConfig | Sandbox>,
    whois: real.get('whois') ? { kind: 'live' } : { kind: 'sandbox' },
    payments: real.get('payments')
      ? { kind: 'card', apiUrl: s('PAYMENTS_API_URL'), apiKey: s('PAYMENTS_API_KEY'), webhookSecret: s('PAYMENTS_WEBHOOK_SECRET') }
      : { kind: 'sandbox', webhookSecret: (v.PAYMENTS_WEBHOOK_SECRET as string | undefined) ?? null },
    vatCheck: real.get('vat') ? { kind: 'vies' } : { kind: 'sandbox' },
    provisioner: real.get('provisioner') ? { kind: 'panel', apiUrl: s('PROVISIONER_API_URL'), apiToken: s('PROVISIONER_API_TOKEN') } : { kind: 'sandbox' },
    ssl: real.get('ssl') ? { kind: 'reseller', apiUrl: s('SSL_API_URL'), apiKey: s('SSL_API_KEY') } : { kind: 'sandbox' },
    mydata: real.get('mydata') ? { kind: 'aade', apiUrl: s('MYDATA_API_URL'), userId: s('MYDATA_USER_ID'), subscriptionKey: s('MYDATA_SUBSCRIPTION_KEY') } : { kind: 'sandbox' },
    seller:
      sellerGiven.length === SELLER_SETTINGS.length
        ? {
            name: s('SELLER_NAME'),
            vatNumber: s('SELLER_VAT_NUMBER'),
            taxOffice: s('SELLER_TAX_OFFICE'),
            address: s('SELLER_ADDRESS'),
            city: s('SELLER_CITY'),
            postcode: s('SELLER_POSTCODE'),
            country: 'GR',
            phone: s('SELLER_PHONE'),
            email: s('SELLER_EMAIL'),
            bank: s('SELLER_BANK'),
            iban: s('SELLER_IBAN'),
            ...(typeof v.SELLER_GEMI === 'string' ? { gemi: v.SELLER_GEMI } : {}),
          }
        : DEMO_SELLER,
    secrets,
  };
}

/**
 * The ring from the three settings. Production needs its own key (PRODUCTION_SETTINGS) and never takes
 * development's published one, as the current key or an old one. Development without SECRETS_KEY uses
 * the published key; with one, the published key stays in the ring so what it sealed still opens.
 */
function secretsRing(v: Values, production: boolean, problem: (setting: string, kind: ConfigProblem['kind'], reason: string) => void): SecretKeyRing {
  const key = v.SECRETS_KEY as string | undefined;
  const old = (v.SECRETS_OLD_KEYS as SecretKey[] | undefined) ?? [];
  if (production) {
    if (key?.trim() === DEV_SECRETS_KEY) problem('SECRETS_KEY', 'invalid', 'is the published development key');
    if (old.some((k) => k.key === DEV_SECRETS_KEY)) problem('SECRETS_OLD_KEYS', 'invalid', 'holds the published development key');
  }
  if (key === undefined) return developmentRing();
  const current: SecretKey = { version: (v.SECRETS_KEY_VERSION as number | undefined) ?? 1, key: key.trim() };
  const versions = [current, ...old].map((k) => k.version);
  if (new Set(versions).size !== versions.length) problem('SECRETS_OLD_KEYS', 'invalid', 'must not repeat a key version (the current one included)');
  const devKey: SecretKey[] = production ? [] : [{ version: DEV_SECRETS_KEY_VERSION, key: DEV_SECRETS_KEY }];
  return { current, old: [...old, ...devKey], development: !production };
}

/** The one schema: the Worker (worker/config.ts) and `npm run check:deploy` both parse with it. */
export const configSchema = z.record(z.string(), z.unknown()).transform(build);

export function parseConfig(env: object): ConfigResult {
  const raw = env as Record<string, unknown>;
  const parsed = configSchema.safeParse({ ...raw });
  if (parsed.success) return { ok: true, config: parsed.data };
  const problems = parsed.error.issues.map((i) => ({
    setting: String(i.path[0] ?? '?'),
    kind: ((i as { params?: { kind?: ConfigProblem['kind'] } }).params?.kind ?? 'invalid') as ConfigProblem['kind'],
    reason: i.message,
  }));
  // One line per setting, however many rules it broke (the first reason is the useful one).
  const seen = new Set<string>();
  return { ok: false, environment: environmentOf(raw), problems: problems.filter((p) => !seen.has(p.setting) && seen.add(p.setting)) };
}

/** One log line naming what is wrong (names only: a value may be a secret). */
export function describeProblems(environment: Environment, problems: ConfigProblem[]): string {
  const missing = problems.filter((p) => p.kind === 'missing').map((p) => p.setting);
  const invalid = problems.filter((p) => p.kind === 'invalid').map((p) => `${p.setting} (${p.reason})`);
  const parts = [missing.length ? `missing ${missing.join(', ')}` : '', invalid.length ? `invalid ${invalid.join(', ')}` : ''].filter(Boolean);
  return `configuration incomplete for APP_ENV=${environment}: ${parts.join('; ')}. Set them, or allow sandboxes for a demo with SANDBOX_PORTS (README "Deploy").`;
}
