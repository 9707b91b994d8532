// The captcha port (issue #3 §2): the registration form shows a widget and the server verifies what
// it posted. The real client is Cloudflare Turnstile; the sandbox is a built-in arithmetic challenge
// with the same verdicts as Turnstile's siteverify (error codes included), so the product is
// exercised through the same path in development, tests and production.

/** What the page renders: the sandbox's question, or the Turnstile widget's site key. */
export type CaptchaWidget = { kind: 'sandbox'; id: string; a: number; b: number } | { kind: 'turnstile'; siteKey: string };

export type CaptchaVerdict = {
  success: boolean;
  /** Turnstile's codes: missing-input-response, invalid-input-response, timeout-or-duplicate, … */
  errorCodes: string[];
};

export type CaptchaPort = {
  widget(): Promise<CaptchaWidget>;
  /** `response` is the widget's answer; `challengeId` names the sandbox challenge it answers. */
  verify(input: { response: string; challengeId?: string; ip: string }): Promise<CaptchaVerdict>;
};
