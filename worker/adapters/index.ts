// Chooses each port's implementation from configuration: the sandbox unless the real client's
// settings are present (DESIGN.md "Outside systems").
import type { Db } from '../../db/client';
import type { CaptchaPort } from './captcha/port';
import { createSandboxCaptcha } from './captcha/sandbox';
import { createTurnstileCaptcha } from './captcha/turnstile';
import { createHttpMail } from './mail/http';
import type { MailPort } from './mail/port';
import { createSandboxMail } from './mail/sandbox';
import { createHttpSms } from './sms/http';
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
};

export type Adapters = { mail: MailPort; sms: SmsPort; captcha: CaptchaPort };

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
  return { mail, sms, captcha };
}
