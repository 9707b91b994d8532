// Cloudflare Turnstile, the real captcha: the page loads Turnstile's widget with the site key, and the
// server posts the widget's token to siteverify with the secret key.
import type { CaptchaPort } from './port';

const SITEVERIFY = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

export function createTurnstileCaptcha(config: { siteKey: string; secretKey: string }, fetcher: typeof fetch = fetch): CaptchaPort {
  return {
    async widget() {
      return { kind: 'turnstile', siteKey: config.siteKey };
    },
    async verify({ response, ip }) {
      if (!response) return { success: false, errorCodes: ['missing-input-response'] };
      const body = new FormData();
      body.set('secret', config.secretKey);
      body.set('response', response);
      if (ip && ip !== '0.0.0.0') body.set('remoteip', ip);
      try {
        const res = await fetcher(SITEVERIFY, { method: 'POST', body, signal: AbortSignal.timeout(10_000) });
        const json = (await res.json()) as { success?: boolean; 'error-codes'?: string[] };
        return { success: json.success === true, errorCodes: json['error-codes'] ?? [] };
      } catch {
        // Fail closed: a captcha that cannot be checked is not passed.
        return { success: false, errorCodes: ['internal-error'] };
      }
    },
  };
}
