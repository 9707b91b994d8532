import { describe, expect, it } from 'vitest';
import { getCommonPasswords, isCommonPassword, checkPassword } from '../../worker/security/common-passwords';
import { CURRENT_PARAMS, hashPassword, needsRehash, verifyPassword } from '../../worker/security/password-hash';

// Runs inside workerd: proves the .wasm import and the .txt Text module load under vitest-pool-workers.
describe('password hashing (argon2id)', () => {
  it('hashes to a PHC string with the current parameters and a 16-byte salt', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(CURRENT_PARAMS).toEqual({ m: 19456, t: 2, p: 1 });
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
    expect(await verifyPassword('correct horse battery stapl', stored)).toBe(false);
    expect(await verifyPassword('Correct horse battery staple', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('refuses tampered or malformed stored values', async () => {
    const stored = await hashPassword('correct horse battery staple');
    const parts = stored.split('$'); // ['', 'argon2id', 'v=19', 'm=…', salt, hash]
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    const tamperedHash = [...parts.slice(0, 5), flip(parts[5]!)].join('$');
    const tamperedSalt = [...parts.slice(0, 4), flip(parts[4]!), parts[5]].join('$');
    const tamperedParams = stored.replace('t=2', 't=3');
    for (const bad of [tamperedHash, tamperedSalt, tamperedParams]) {
      expect(await verifyPassword('correct horse battery staple', bad)).toBe(false);
    }
    for (const bad of ['', 'plain', stored.replace('argon2id', 'argon2i'), stored.replace('v=19', 'v=16'), stored.replace('m=19456', 'm=999999'), stored.slice(0, -4)]) {
      expect(await verifyPassword('correct horse battery staple', bad)).toBe(false);
    }
  });

  it('gives two hashes of the same password different salts and hashes', async () => {
    const a = await hashPassword('same password');
    const b = await hashPassword('same password');
    expect(a).not.toBe(b);
    expect(a.split('$')[4]).not.toBe(b.split('$')[4]);
    expect(await verifyPassword('same password', a)).toBe(true);
    expect(await verifyPassword('same password', b)).toBe(true);
  });

  it('matches the argon2 reference test vector (password/somesalt, m=64 MiB, t=2, p=1)', async () => {
    // From the reference implementation's test suite (phc-winner-argon2 src/test.c).
    const vector = '$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc';
    expect(await verifyPassword('password', vector)).toBe(true);
    expect(await verifyPassword('passwore', vector)).toBe(false);
  });

  it('hashes every UTF-8 byte of a Greek password (an independent implementation agrees)', async () => {
    // Computed with @noble/hashes argon2id (pure JS) over the 33 UTF-8 bytes of the password. The
    // @phi-ag/argon2 JS wrapper would hash only the first 17 bytes (its String.length).
    const vector = '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHQ$Aa23hPBlh2s/K6/vw5pTw5ueD712p99rd6CVASL+lv8';
    expect(await verifyPassword('κωδικός-πρόσβασης', vector)).toBe(true);
    expect(await verifyPassword('κωδικός-πρόσβασηX', vector)).toBe(false);
    const stored = await hashPassword('αβγδεζηθ');
    expect(await verifyPassword('αβγδXXXX', stored)).toBe(false);
  });

  it('treats composed and decomposed accents as the same password (NFKC)', async () => {
    const composed = 'καλημέρα-κόσμε';
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    expect(await verifyPassword(decomposed, await hashPassword(composed))).toBe(true);
  });

  it('asks for a rehash only when the parameters are not the current ones', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(needsRehash(stored)).toBe(false);
    expect(needsRehash(stored.replace('m=19456', 'm=4096'))).toBe(true);
    expect(needsRehash(stored.replace('t=2', 't=1'))).toBe(true);
    expect(needsRehash('$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc')).toBe(true);
    expect(needsRehash('not a hash')).toBe(true);
  });

  it('still verifies a hash made with lower parameters, so it can be rehashed at login', async () => {
    const weak = '$argon2id$v=19$m=4096,t=1,p=1$c29tZXNhbHRzb21lc2FsdA$' + 'A'.repeat(43);
    expect(await verifyPassword('x', weak)).toBe(false); // parsed and computed, not refused as malformed
    expect(needsRehash(weak)).toBe(true);
  });
});

describe('common passwords (bundled list)', () => {
  it('loads the 10,000-entry list', () => {
    expect(getCommonPasswords().size).toBe(10_000);
  });

  it('detects common passwords case-insensitively, after NFKC and trimming', () => {
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('PassWord')).toBe(true);
    expect(isCommonPassword(' 12345678 ')).toBe(true);
    expect(isCommonPassword('ｐａｓｓｗｏｒｄ')).toBe(true); // full-width letters
    expect(isCommonPassword('correct horse battery staple')).toBe(false);
  });

  it('applies the whole policy with the bundled list', () => {
    expect(checkPassword('qwertyuiop')).toEqual({ ok: false, reason: 'too_common' });
    expect(checkPassword('short')).toEqual({ ok: false, reason: 'too_short' });
    expect(checkPassword('Ψηλά-βουνά-2026')).toEqual({ ok: true });
  });
});
