// Time-based one-time passwords (RFC 6238 over RFC 4226 HOTP) for authenticator-app two-factor login
// (issue #3 §3). WebCrypto HMAC-SHA1, available in Workers, Node and browsers alike, so the same code
// runs in tests and in the worker. Secrets travel as RFC 4648 base32, the form authenticator apps read.

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes one step either side are accepted: a phone clock a little off still works. */
export const TOTP_WINDOW = 1;
/** 160-bit secrets, the size RFC 4226 recommends for HMAC-SHA1. */
export const TOTP_SECRET_BYTES = 20;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const b of bytes) {
    buffer = (buffer << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(buffer << (5 - bits)) & 31];
  return out;
}

/** Decodes base32, ignoring case, spaces, dashes and padding (people copy secrets in groups). */
export function base32Decode(text: string): Uint8Array<ArrayBuffer> | null {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const ch of clean) {
    const v = BASE32.indexOf(ch);
    if (v < 0) return null;
    buffer = ((buffer << 5) | v) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return new Uint8Array(out);
}

export function generateTotpSecret(): string {
  return base32Encode(crypto.getRandomValues(new Uint8Array(TOTP_SECRET_BYTES)));
}

/** RFC 4226 §5.3: HMAC-SHA1 of the 8-byte counter, dynamic truncation, modulo 10^digits. */
export async function hotp(secret: Uint8Array<ArrayBuffer>, counter: number, digits = TOTP_DIGITS): Promise<string> {
  const msg = new Uint8Array(8);
  let c = counter;
  for (let i = 7; i >= 0; i--) {
    msg[i] = c & 0xff;
    c = Math.floor(c / 256);
  }
  const key = await crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-1' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, msg));
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export function totpCounter(nowMs: number, step = TOTP_STEP_SECONDS): number {
  return Math.floor(nowMs / 1000 / step);
}

export async function totp(secretBase32: string, nowMs: number, digits = TOTP_DIGITS): Promise<string> {
  const secret = base32Decode(secretBase32);
  if (!secret) throw new Error('totp: invalid secret');
  return hotp(secret, totpCounter(nowMs), digits);
}

/** Compares two strings in time that depends only on their length. */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * Checks a typed code against the steps around now. Returns the matching counter, so that the caller
 * can refuse a code whose counter was already used (RFC 6238 §5.2: one use per step), or null.
 */
export async function verifyTotp(secretBase32: string, code: string, nowMs: number, lastUsedCounter: number | null = null): Promise<number | null> {
  const typed = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(typed)) return null;
  const secret = base32Decode(secretBase32);
  if (!secret) return null;
  const now = totpCounter(nowMs);
  let matched: number | null = null;
  // Every candidate is computed and compared, so timing says nothing about which step matched.
  for (let c = now - TOTP_WINDOW; c <= now + TOTP_WINDOW; c++) {
    if (constantTimeEqual(await hotp(secret, c), typed) && (lastUsedCounter === null || c > lastUsedCounter)) matched ??= c;
  }
  return matched;
}

/** The otpauth:// URI (Key Uri Format) that authenticator apps import, from a link or a QR code. */
export function otpauthUri(issuer: string, account: string, secretBase32: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const params = new URLSearchParams({ secret: secretBase32, issuer, algorithm: 'SHA1', digits: String(TOTP_DIGITS), period: String(TOTP_STEP_SECONDS) });
  return `otpauth://totp/${label}?${params.toString()}`;
}

/** "JBSW Y3DP EHPK 3PXP": easier to type into an app by hand. */
export function groupSecret(secretBase32: string): string {
  return secretBase32.replace(/(.{4})/g, '$1 ').trim();
}
