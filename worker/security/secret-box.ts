// Sealing the secrets we must read back (decision 091): AES-256-GCM through WebCrypto, a fresh random
// 96-bit IV per value, and the key's version beside the ciphertext so a key can be rotated. The
// "where" of each value (its table, row and field) is the additional data: a ciphertext copied onto
// another row does not open there. Opening fails closed: an unknown version, a wrong key or a
// tampered ciphertext is a SecretUnreadable, never a guess and never the plain text of something else.
import { ringKeys, type SecretKeyRing } from '../../core/secrets-key';

export type Sealed = { ciphertext: string; iv: string; keyVersion: number };

export class SecretUnreadable extends Error {
  constructor(readonly reason: 'unknown_key' | 'wrong_key_or_tampered', readonly keyVersion: number) {
    super(`secret unreadable: ${reason} (key version ${keyVersion})`);
  }
}

const IV_BYTES = 12;

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

// One import per key text and isolate: importKey is not free, and the ring is the same every request.
const imported = new Map<string, Promise<CryptoKey>>();
function cryptoKey(keyBase64: string): Promise<CryptoKey> {
  let key = imported.get(keyBase64);
  if (!key) {
    key = crypto.subtle.importKey('raw', fromBase64(keyBase64), { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);
    imported.set(keyBase64, key);
  }
  return key;
}

export function createSecretBox(ring: SecretKeyRing) {
  const byVersion = new Map(ringKeys(ring).map((k) => [k.version, k.key]));
  const encoder = new TextEncoder();

  return {
    currentVersion: ring.current.version,

    async seal(plain: string, where: string): Promise<Sealed> {
      const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
      const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: encoder.encode(where) }, await cryptoKey(ring.current.key), encoder.encode(plain));
      return { ciphertext: toBase64(new Uint8Array(data)), iv: toBase64(iv), keyVersion: ring.current.version };
    },

    async open(sealed: Sealed, where: string): Promise<string> {
      const key = byVersion.get(sealed.keyVersion);
      if (!key) throw new SecretUnreadable('unknown_key', sealed.keyVersion);
      try {
        const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromBase64(sealed.iv), additionalData: encoder.encode(where) }, await cryptoKey(key), fromBase64(sealed.ciphertext));
        return new TextDecoder('utf-8', { fatal: true }).decode(plain);
      } catch {
        throw new SecretUnreadable('wrong_key_or_tampered', sealed.keyVersion);
      }
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;
