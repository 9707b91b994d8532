// Chooses each port's implementation from configuration: the sandbox unless the real client's
// settings are present (DESIGN.md "Outside systems").
import { connect } from 'cloudflare:sockets';
import { registryFamilies, type RegistryFamily } from '../../core/catalog';
import type { Db } from '../../db/client';
import type { CaptchaPort } from './captcha/port';
import { createSandboxCaptcha } from './captcha/sandbox';
import { createTurnstileCaptcha } from './captcha/turnstile';
import { createHttpMail } from './mail/http';
import type { MailPort } from './mail/port';
import { createSandboxMail } from './mail/sandbox';
import type { RegistryPort } from './registry/port';
import { createSandboxRegistry } from './registry/sandbox';
import { createHttpSms } from './sms/http';
import { createRealWhois } from './whois/client';
import type { WhoisPort } from './whois/port';
import type { SmsPort } from './sms/port';
import { createSandboxSms } from './sms/sandbox';

export type AdapterEnv = {
  MAIL_API_URL?: string;
  MAIL_API_TOKEN?: string;
  MAIL_FROM?: string;
  SMS_API_URL?: string;
  SMS_API_TOKEN?: string;
  SMS_FROM?: string;
  TURNSTILE_SITE_KEY?: string;
  TURNSTILE_SECRET_KEY?: string;
  WHOIS_LIVE?: string;
};

export type Adapters = {
  mail: MailPort;
  sms: SmsPort;
  captcha: CaptchaPort;
  /** One registry per family. EPP clients are not configured yet: every family is its sandbox. */
  registries: Record<RegistryFamily, RegistryPort>;
  /**
   * WHOIS for names outside our registries: RDAP/port 43 when WHOIS_LIVE is set (it needs the
   * internet), otherwise none, and such names answer 27000. Our own names always come from the registries.
   */
  whois: WhoisPort | null;
};

export function createAdapters(env: AdapterEnv, db: Db): Adapters {
  const mail =
    env.MAIL_API_URL && env.MAIL_API_TOKEN
      ? createHttpMail({ url: env.MAIL_API_URL, token: env.MAIL_API_TOKEN, from: env.MAIL_FROM ?? 'no-reply@example.gr' })
      : createSandboxMail(db);
  const sms =
    env.SMS_API_URL && env.SMS_API_TOKEN ? createHttpSms({ url: env.SMS_API_URL, token: env.SMS_API_TOKEN, from: env.SMS_FROM ?? 'Registrar' }) : createSandboxSms(db);
  const captcha =
    env.TURNSTILE_SITE_KEY && env.TURNSTILE_SECRET_KEY
      ? createTurnstileCaptcha({ siteKey: env.TURNSTILE_SITE_KEY, secretKey: env.TURNSTILE_SECRET_KEY })
      : createSandboxCaptcha(db);
  const registries = Object.fromEntries(registryFamilies.map((f) => [f, createSandboxRegistry(db, f)])) as Record<RegistryFamily, RegistryPort>;
  const whois = env.WHOIS_LIVE === '1' ? createRealWhois({ fetch: (input, init) => fetch(input, init), connect }) : null;
  return { mail, sms, captcha, registries, whois };
}
