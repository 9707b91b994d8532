// Password storage (issue #3 §6, docs/decisions/010): argon2id with OWASP's parameters
// m=19 MiB, t=2, p=1, stored as a PHC string so the parameters travel with every hash and can be
// raised later (needsRehash).
//
// Why this shape:
// - Workers cannot compile WebAssembly from bytes at run time, so the argon2 code is the reference C
//   implementation compiled to .wasm by @phi-ag/argon2 and imported as a file: wrangler (esbuild)
//   bundles `import m from '….wasm'` as a WebAssembly.Module, and `new WebAssembly.Instance(m, {})`
//   only instantiates it. Measured ≈23 ms CPU per hash in workerd (pure-JS scrypt at an equivalent
//   work factor ≈210 ms; WebCrypto PBKDF2 is capped at 100,000 iterations, below OWASP's 600,000).
// - Only the .wasm file of @phi-ag/argon2 is used, not its JS wrapper: the wrapper passes
//   `password.length` (UTF-16 code units) as the byte length of the UTF-8 password, so any non-ASCII
//   password (every Greek one) is silently truncated — 'αβγδεζηθ' hashes like 'αβγδ' plus anything.
//   Here the password is encoded once and its real byte length is passed.
// - Verification recomputes the raw hash with the stored parameters and salt and compares in constant
//   time in JS, so parsing and the comparison are ours and testable, not inside the C decoder.
import argon2Module from '@phi-ag/argon2/argon2.wasm';

/** The parameters new hashes get. Raising them makes needsRehash() true for older hashes. */
export const CURRENT_PARAMS = Object.freeze({ m: 19_456, t: 2, p: 1 });
const SALT_BYTES = 16;
const HASH_BYTES = 32;
const ARGON2_VERSION = 0x13; // 19, the only version written or accepted
const ARGON2ID = 2; // argon2_type enum of the reference implementation

// Bounds for parameters read back from storage: wide enough for older, weaker hashes to still verify
// (so they can be rehashed at login), narrow enough that a corrupted row cannot make one login
// allocate more than 64 MiB in a 128 MB isolate or spin for seconds.
const LIMITS = { mMin: 8, mMax: 65_536, tMin: 1, tMax: 10, pMin: 1, pMax: 4, saltMin: 8, saltMax: 64, hashMin: 16, hashMax: 64 };

type Argon2Exports = {
  memory: WebAssembly.Memory;
  _initialize(): void;
  malloc(size: number): number;
  free(ptr: number): void;
  // int argon2_hash(t_cost, m_cost, parallelism, pwd, pwdlen, salt, saltlen, hash, hashlen,
  //                 encoded, encodedlen, type, version) — argon2.h of the reference implementation.
  argon2_hash(...args: number[]): number;
  argon2_error_message(code: number): number;
};

// One instance per isolate: its linear memory grows to ~20 MiB on the first hash and stays there
// (WebAssembly memory never shrinks), which is cheaper than instantiating per call. Calls are
// synchronous, so two requests in the same isolate never interleave inside it.
let instance: Argon2Exports | undefined;

function argon2(): Argon2Exports {
  if (!instance) {
    const exports = new WebAssembly.Instance(argon2Module, {}).exports as unknown as Argon2Exports;
    exports._initialize(); // emscripten "reactor" build: runs the C constructors once
    instance = exports;
  }
  return instance;
}

function cString(exports: Argon2Exports, ptr: number): string {
  const heap = new Uint8Array(exports.memory.buffer);
  let end = ptr;
  while (heap[end] !== 0 && end < heap.length) end++;
  return new TextDecoder().decode(heap.subarray(ptr, end));
}

function rawArgon2id(password: Uint8Array, salt: Uint8Array, params: { m: number; t: number; p: number }, hashLength: number): Uint8Array {
  const exports = argon2();
  const pwdPtr = exports.malloc(Math.max(password.length, 1));
  const saltPtr = exports.malloc(salt.length);
  const hashPtr = exports.malloc(hashLength);
  try {
    if (!pwdPtr || !saltPtr || !hashPtr) throw new Error('argon2: out of memory');
    // Views are taken after malloc: a malloc that grows memory detaches older views.
    new Uint8Array(exports.memory.buffer).set(password, pwdPtr);
    new Uint8Array(exports.memory.buffer).set(salt, saltPtr);
    const code = exports.argon2_hash(params.t, params.m, params.p, pwdPtr, password.length, saltPtr, salt.length, hashPtr, hashLength, 0, 0, ARGON2ID, ARGON2_VERSION);
    if (code !== 0) throw new Error(`argon2: ${cString(exports, exports.argon2_error_message(code))}`);
    return new Uint8Array(exports.memory.buffer).slice(hashPtr, hashPtr + hashLength);
  } catch (error) {
    // A trap can leave the C heap inconsistent: start from a fresh instance next time.
    instance = undefined;
    throw error;
  } finally {
    if (instance) {
      // Wipe the password copy from linear memory; it would otherwise stay there until overwritten.
      new Uint8Array(exports.memory.buffer).fill(0, pwdPtr, pwdPtr + password.length);
      exports.free(pwdPtr);
      exports.free(saltPtr);
      exports.free(hashPtr);
    }
  }
}

/**
 * The same password must give the same bytes whichever keyboard or OS typed it (composed vs
 * decomposed Greek accents, full-width digits): NFKC, as NIST SP 800-63B recommends. No trimming —
 * spaces are part of a password.
 */
function passwordBytes(password: string): Uint8Array {
  return new TextEncoder().encode(password.normalize('NFKC'));
}

// PHC strings use standard base64 without padding.
function toB64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/=+$/, '');
}

function fromB64(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/]+$/.test(text) || text.length % 4 === 1) return null;
  const binary = atob(text + '='.repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

// workerd's non-standard crypto.subtle.timingSafeEqual (constant time in native code). The project
// also loads the DOM lib, whose SubtleCrypto type lacks it, hence the cast.
const timingSafeEqual = (a: Uint8Array, b: Uint8Array): boolean =>
  (crypto.subtle as unknown as { timingSafeEqual(a: ArrayBufferView, b: ArrayBufferView): boolean }).timingSafeEqual(a, b);

type ParsedHash = { m: number; t: number; p: number; salt: Uint8Array; hash: Uint8Array };

const PHC = /^\$argon2id\$v=19\$m=(\d{1,9}),t=(\d{1,4}),p=(\d{1,3})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

function parse(stored: string): ParsedHash | null {
  const match = PHC.exec(stored);
  if (!match) return null;
  const [m, t, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const salt = fromB64(match[4]!);
  const hash = fromB64(match[5]!);
  if (!salt || !hash) return null;
  if (m < LIMITS.mMin || m > LIMITS.mMax || m < 8 * p) return null;
  if (t < LIMITS.tMin || t > LIMITS.tMax || p < LIMITS.pMin || p > LIMITS.pMax) return null;
  if (salt.length < LIMITS.saltMin || salt.length > LIMITS.saltMax) return null;
  if (hash.length < LIMITS.hashMin || hash.length > LIMITS.hashMax) return null;
  return { m, t, p, salt, hash };
}

/** Hashes a password for storage: `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`. */
export async function hashPassword(password: string): Promise<string> {
  // A fresh 16-byte salt per hash: equal passwords get unrelated hashes, and precomputed tables are useless.
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const { m, t, p } = CURRENT_PARAMS;
  const hash = rawArgon2id(passwordBytes(password), salt, CURRENT_PARAMS, HASH_BYTES);
  return `$argon2id$v=19$m=${m},t=${t},p=${p}$${toB64(salt)}$${toB64(hash)}`;
}

/**
 * True when `password` matches `stored`, with whatever parameters `stored` was made with. A stored
 * value that is not a valid argon2id PHC string never matches (it is a data error, never a login).
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const actual = rawArgon2id(passwordBytes(password), parsed.salt, parsed, parsed.hash.length);
  // Constant time: the time taken must not tell how many leading bytes matched. The lengths are
  // equal by construction (we computed `actual` with the stored length).
  return timingSafeEqual(actual, parsed.hash);
}

/**
 * True when `stored` should be replaced by hashPassword(password) after a successful login: made
 * with other parameters than CURRENT_PARAMS (e.g. before they were raised), a shorter salt or hash,
 * or not an argon2id hash at all.
 */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  if (!parsed) return true;
  return (
    parsed.m !== CURRENT_PARAMS.m ||
    parsed.t !== CURRENT_PARAMS.t ||
    parsed.p !== CURRENT_PARAMS.p ||
    parsed.salt.length < SALT_BYTES ||
    parsed.hash.length < HASH_BYTES
  );
}
