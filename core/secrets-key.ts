// The key ring that seals secrets we must be able to read back (issue #32 §3: the free-hosting panel
// password, decision 091). Pure: it reads the settings' text and answers the ring or what is wrong with
// them; the sealing itself (AES-GCM, WebCrypto) is worker/security/secret-box.ts.
//
// SECRETS_KEY is the current key (base64 of 32 random bytes: AES-256), SECRETS_KEY_VERSION its number
// (1 when not given), and SECRETS_OLD_KEYS the keys of earlier versions, `version:base64` separated by
// commas, kept only to open what they sealed until the re-sealing pass has moved it to the current key.

/** The bytes of an AES-256 key. */
export const SECRET_KEY_BYTES = 32;

/**
 * DEVELOPMENT AND TESTS ONLY — never a production key. A fixed, published key so that a development
 * database survives restarts and tests can read what they sealed; production refuses it (and refuses
 * to start without a SECRETS_KEY of its own). Its version is 0, a number production never uses, so a
 * row sealed by it is recognisable anywhere.
 */
export const DEV_SECRETS_KEY = 'ZGV2LW9ubHktcGFuZWwtc2VjcmV0cy1rZXktMzJieXQ=';
export const DEV_SECRETS_KEY_VERSION = 0;

export type SecretKey = { version: number; /** base64 of SECRET_KEY_BYTES bytes */ key: string };
/** The current key seals; every key of the ring (the current one included) opens what it sealed. */
export type SecretKeyRing = { current: SecretKey; old: SecretKey[]; development: boolean };

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The key's byte length, or null when the text is not base64. */
export function base64Length(text: string): number | null {
  const t = text.trim();
  if (!BASE64.test(t) || t.length % 4 !== 0) return null;
  try {
    return atob(t).length;
  } catch {
    return null;
  }
}

export function keyProblem(text: string): string | null {
  const n = base64Length(text);
  if (n === null) return 'must be base64';
  if (n !== SECRET_KEY_BYTES) return `must be ${SECRET_KEY_BYTES} bytes in base64 (openssl rand -base64 32)`;
  return null;
}

export function versionProblem(text: string): string | null {
  return /^[1-9]\d{0,4}$/.test(text.trim()) ? null : 'must be a whole number from 1 to 99999';
}

/** SECRETS_OLD_KEYS as keys, or the reason it is malformed. */
export function parseOldKeys(text: string): { keys: SecretKey[] } | { problem: string } {
  const keys: SecretKey[] = [];
  for (const part of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const colon = part.indexOf(':');
    const version = colon > 0 ? part.slice(0, colon) : '';
    const key = colon > 0 ? part.slice(colon + 1).trim() : '';
    if (versionProblem(version) || keyProblem(key)) return { problem: 'must be version:base64-key pairs separated by commas' };
    keys.push({ version: Number(version), key });
  }
  return { keys };
}

/** The development ring: the published key, and nothing else. */
export function developmentRing(): SecretKeyRing {
  return { current: { version: DEV_SECRETS_KEY_VERSION, key: DEV_SECRETS_KEY }, old: [], development: true };
}

/** Every key that may open a sealed value, by version. */
export function ringKeys(ring: SecretKeyRing): SecretKey[] {
  return [ring.current, ...ring.old];
}
