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
import { createCardProcessorPayments } from './payments/card-processor';
import type { PaymentsPort } from './payments/port';
import { createSandboxPayments } from './payments/sandbox';
import { webhookSecretOf } from './payments/secret';
import { createPanelApiProvisioner } from './provisioner/panel-api';
import type { ProvisionerPort } from './provisioner/port';
import { createSandboxProvisioner } from './provisioner/sandbox';
import type { RegistryPort } from './registry/port';
import { eppRegistriesFromEnv } from './registry/epp/config';
import { createSandboxRegistry } from './registry/sandbox';
import { createHttpSms } from './sms/http';
import { createRealWhois } from './whois/client';
import { createResellerApiSsl } from './ssl/reseller-api';
import type { SslPort } from './ssl/port';
import { createSandboxSsl } from './ssl/sandbox';
import type { VatCheckPort } from './vat-check/port';
import { createSandboxVatCheck, withVatCheckEvidence } from './vat-check/sandbox';
import { createViesVatCheck } from './vat-check/vies';
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
  PAYMENTS_API_URL?: string;
  PAYMENTS_API_KEY?: string;
  /** Signs and checks payment webhooks; the sandbox has a development default. */
  PAYMENTS_WEBHOOK_SECRET?: string;
  VIES_LIVE?: string;
  PROVISIONER_API_URL?: string;
  PROVISIONER_API_TOKEN?: string;
  SSL_API_URL?: string;
  SSL_API_KEY?: string;
  /** Where the browser comes back to (hosted payment pages); the request's origin when unset. */
  PUBLIC_ORIGIN?: string;
  /** EPP_<FAMILY>_HOST, _PORT, _CLIENT_ID, _PASSWORD, _SETTINGS per registry family (decision 020). */
  [eppKey: `EPP_${string}`]: string | undefined;
};

export { webhookSecretOf } from './payments/secret';

export type Adapters = {
  mail: MailPort;
  sms: SmsPort;
  captcha: CaptchaPort;
  /** One registry per family: its EPP client when configured (decision 020), otherwise its sandbox. */
  registries: Record<RegistryFamily, RegistryPort>;
  /**
   * WHOIS for names outside our registries: RDAP/port 43 when WHOIS_LIVE is set (it needs the
   * internet), otherwise none, and such names answer 27000. Our own names always come from the registries.
   */
  whois: WhoisPort | null;
  payments: PaymentsPort;
  vatCheck: VatCheckPort;
  provisioner: ProvisionerPort;
  ssl: SslPort;
};

export function createAdapters(env: AdapterEnv, db: Db, origin = env.PUBLIC_ORIGIN ?? 'http://localhost:8787'): Adapters {
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
  const epp = eppRegistriesFromEnv(env, connect);
  const registries = Object.fromEntries(registryFamilies.map((f) => [f, epp[f] ?? createSandboxRegistry(db, f)])) as Record<RegistryFamily, RegistryPort>;
  const whois = env.WHOIS_LIVE === '1' ? createRealWhois({ fetch: (input, init) => fetch(input, init), connect }) : null;
  const secret = webhookSecretOf(env);
  const payments =
    env.PAYMENTS_API_URL && env.PAYMENTS_API_KEY && env.PAYMENTS_WEBHOOK_SECRET
      ? createCardProcessorPayments({ apiUrl: env.PAYMENTS_API_URL, apiKey: env.PAYMENTS_API_KEY, webhookSecret: env.PAYMENTS_WEBHOOK_SECRET })
      : createSandboxPayments(db, { secret, origin });
  const vatCheck = env.VIES_LIVE === '1' ? withVatCheckEvidence(db, createViesVatCheck({})) : createSandboxVatCheck(db);
  const provisioner =
    env.PROVISIONER_API_URL && env.PROVISIONER_API_TOKEN ? createPanelApiProvisioner({ apiUrl: env.PROVISIONER_API_URL, apiToken: env.PROVISIONER_API_TOKEN }) : createSandboxProvisioner(db);
  const ssl = env.SSL_API_URL && env.SSL_API_KEY ? createResellerApiSsl({ apiUrl: env.SSL_API_URL, apiKey: env.SSL_API_KEY }) : createSandboxSsl(db);
  return { mail, sms, captcha, registries, whois, payments, vatCheck, provisioner, ssl };
}
