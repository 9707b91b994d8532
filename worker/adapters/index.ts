// Builds each port's implementation from the validated configuration (core/config.ts, decision 021):
// which ports are sandboxes was decided there, where production refuses a sandbox nobody allowed.
import { connect } from 'cloudflare:sockets';
import { registryFamilies, type RegistryFamily } from '../../core/catalog';
import { DEMO_SELLER, type Environment, type PortsConfig, type Seller } from '../../core/config';
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
import { sandboxWebhookSecret } from './payments/secret';
import { createPanelApiProvisioner } from './provisioner/panel-api';
import type { ProvisionerPort } from './provisioner/port';
import { createSandboxProvisioner } from './provisioner/sandbox';
import type { RegistryPort } from './registry/port';
import { createEppRegistry } from './registry/epp/client';
import { publishedSettings } from './registry/epp/published-settings';
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
import { lazyMembers } from '../lazy';
import { createSandboxSms } from './sms/sandbox';
import { createAadeMydata } from './mydata/aade';
import type { MydataPort } from './mydata/port';
import { createSandboxMydata } from './mydata/sandbox';

/** The ports' part of the validated configuration (core/config.ts): the only input that picks an implementation. */
/** `seller` (AppConfig has it) is the myDATA sandbox's account: the one issuer ΑΦΜ it accepts. */
export type AdapterConfig = PortsConfig & { environment: Environment; seller?: Seller };

export { webhookSecretOf } from './payments/secret';

export type Adapters = {
  mail: MailPort;
  sms: SmsPort;
  captcha: CaptchaPort;
  /** One registry per family: its EPP client when configured (decision 020), otherwise its sandbox. */
  registries: Record<RegistryFamily, RegistryPort>;
  /**
   * WHOIS for names outside our registries: RDAP/port 43 when WHOIS_LIVE=1 (it needs the
   * internet), otherwise none, and such names answer 27000. Our own names always come from the registries.
   */
  whois: WhoisPort | null;
  payments: PaymentsPort;
  vatCheck: VatCheckPort;
  provisioner: ProvisionerPort;
  ssl: SslPort;
  /** AADE's myDATA: the real REST API when MYDATA_* are set, otherwise the sandbox register in D1. */
  mydata: MydataPort;
};

/** The origin the sandbox payment page redirects to when neither PUBLIC_ORIGIN nor the request gives one. */
const LOCAL_ORIGIN = 'http://localhost:8787';

/** `files`: the FILES bucket, where the sandbox mail keeps the attachments it was given. */
export function createAdapters(config: AdapterConfig, db: Db, origin: string = LOCAL_ORIGIN, files?: R2Bucket): Adapters {
  // Each port is made when first used: a page asks for one or two, if any (docs/decisions/030).
  const registries = lazyMembers(
    Object.fromEntries(
      registryFamilies.map((family) => {
        const c = config.registries[family];
        if (c.kind === 'sandbox') return [family, () => createSandboxRegistry(db, family)];
        const settings = { ...publishedSettings(family), ...(c.settings ?? {}), family };
        return [family, () => createEppRegistry({ family, host: c.host, port: c.port, clientId: c.clientId, password: c.password, settings, connect })];
      }),
    ) as Record<RegistryFamily, () => RegistryPort>,
  );
  return lazyMembers({
    mail: (): MailPort => (config.mail.kind === 'http' ? createHttpMail({ url: config.mail.url, token: config.mail.token, from: config.mail.from }) : createSandboxMail(db, files)),
    sms: (): SmsPort => (config.sms.kind === 'http' ? createHttpSms({ url: config.sms.url, token: config.sms.token, from: config.sms.from }) : createSandboxSms(db)),
    captcha: (): CaptchaPort => (config.captcha.kind === 'turnstile' ? createTurnstileCaptcha({ siteKey: config.captcha.siteKey, secretKey: config.captcha.secretKey }) : createSandboxCaptcha(db)),
    registries: () => registries,
    whois: (): WhoisPort | null => (config.whois.kind === 'live' ? createRealWhois({ fetch: (input, init) => fetch(input, init), connect }) : null),
    payments: (): PaymentsPort =>
      config.payments.kind === 'card'
        ? createCardProcessorPayments({ apiUrl: config.payments.apiUrl, apiKey: config.payments.apiKey, webhookSecret: config.payments.webhookSecret })
        : createSandboxPayments(db, { secret: sandboxWebhookSecret(config.environment, config.payments.webhookSecret), origin }),
    vatCheck: (): VatCheckPort => (config.vatCheck.kind === 'vies' ? withVatCheckEvidence(db, createViesVatCheck({})) : createSandboxVatCheck(db)),
    provisioner: (): ProvisionerPort => (config.provisioner.kind === 'panel' ? createPanelApiProvisioner({ apiUrl: config.provisioner.apiUrl, apiToken: config.provisioner.apiToken }) : createSandboxProvisioner(db)),
    ssl: (): SslPort => (config.ssl.kind === 'reseller' ? createResellerApiSsl({ apiUrl: config.ssl.apiUrl, apiKey: config.ssl.apiKey }) : createSandboxSsl(db)),
    mydata: (): MydataPort =>
      config.mydata.kind === 'aade'
        ? createAadeMydata({ apiUrl: config.mydata.apiUrl, userId: config.mydata.userId, subscriptionKey: config.mydata.subscriptionKey })
        : createSandboxMydata(db, { userVat: (config.seller ?? DEMO_SELLER).vatNumber }),
  });
}
