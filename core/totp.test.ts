import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, constantTimeEqual, generateTotpSecret, groupSecret, hotp, otpauthUri, totp, verifyTotp } from './totp';

// RFC 6238 Appendix B uses the ASCII secret "12345678901234567890" with SHA-1 and 8 digits.
const RFC_SECRET = base32Encode(new TextEncoder().encode('12345678901234567890'));

describe('TOTP (RFC 6238)', () => {
  it('matches the RFC 6238 test vectors (8 digits, SHA-1)', async () => {
    const secret = base32Decode(RFC_SECRET)!;
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, expected] of vectors) expect(await hotp(secret, Math.floor(seconds / 30), 8)).toBe(expected);
  });

  it('matches the RFC 4226 HOTP vectors (6 digits)', async () => {
    const secret = new TextEncoder().encode('12345678901234567890');
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    for (let i = 0; i < expected.length; i++) expect(await hotp(secret, i)).toBe(expected[i]);
  });

  it('round-trips base32 and ignores spaces, case and padding', () => {
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Encode(base32Decode(secret)!)).toBe(secret);
    expect(base32Decode('jbsw y3dp-ehpk 3pxp==')).toEqual(base32Decode('JBSWY3DPEHPK3PXP'));
    expect(base32Decode('not base32!')).toBeNull();
  });

  it('accepts the code of this step and one step either side, not two', async () => {
    const now = 1_700_000_000_000;
    const secret = generateTotpSecret();
    expect(await verifyTotp(secret, await totp(secret, now), now)).not.toBeNull();
    expect(await verifyTotp(secret, await totp(secret, now - 30_000), now)).not.toBeNull();
    expect(await verifyTotp(secret, await totp(secret, now + 30_000), now)).not.toBeNull();
    expect(await verifyTotp(secret, await totp(secret, now - 90_000), now)).toBeNull();
  });

  it('allows one step (30 s) of drift either side, exactly: two steps away is refused (issue #19 §5)', async () => {
    // 1_700_000_020_000 ms is 10 s into its 30-second step (1_700_000_010_000 starts it).
    const now = 1_700_000_020_000;
    const secret = generateTotpSecret();
    const step = Math.floor(now / 30_000);
    for (const [offset, accepted] of [
      [-60_000, null],
      [-30_000, step - 1],
      [0, step],
      [30_000, step + 1],
      [60_000, null],
    ] as const) {
      expect(await verifyTotp(secret, await totp(secret, now + offset), now), `offset ${offset}`).toBe(accepted);
    }
    // The edges of the step: 10 s back is the same step, 10.001 s back the previous one (still accepted),
    // and 40.001 s back is two steps back (refused).
    expect(await verifyTotp(secret, await totp(secret, now - 10_001), now)).toBe(step - 1);
    expect(await verifyTotp(secret, await totp(secret, now - 40_001), now)).toBeNull();
    expect(await verifyTotp(secret, await totp(secret, now + 49_999), now)).toBe(step + 1);
    expect(await verifyTotp(secret, await totp(secret, now + 50_000), now)).toBeNull();
  });

  it('after a login with a code, refuses that code and any older one, and accepts a newer one', async () => {
    const now = 1_700_000_020_000;
    const secret = generateTotpSecret();
    const used = await verifyTotp(secret, await totp(secret, now), now);
    expect(used).toBe(Math.floor(now / 30_000));
    expect(await verifyTotp(secret, await totp(secret, now), now, used)).toBeNull();
    expect(await verifyTotp(secret, await totp(secret, now - 30_000), now, used)).toBeNull();
    expect(await verifyTotp(secret, await totp(secret, now + 30_000), now, used)).toBe(used! + 1);
    // Thirty seconds later the next step's code is accepted too, once.
    const next = await verifyTotp(secret, await totp(secret, now + 30_000), now + 30_000, used);
    expect(next).toBe(used! + 1);
    expect(await verifyTotp(secret, await totp(secret, now + 30_000), now + 30_000, next)).toBeNull();
  });

  it('refuses a code whose step was already used (no replay)', async () => {
    const now = 1_700_000_000_000;
    const secret = generateTotpSecret();
    const code = await totp(secret, now);
    const counter = await verifyTotp(secret, code, now);
    expect(counter).not.toBeNull();
    expect(await verifyTotp(secret, code, now, counter)).toBeNull();
  });

  it('refuses malformed codes and accepts a code typed with a space', async () => {
    const now = 1_700_000_000_000;
    const secret = generateTotpSecret();
    const code = await totp(secret, now);
    expect(await verifyTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now)).not.toBeNull();
    expect(await verifyTotp(secret, '12345', now)).toBeNull();
    expect(await verifyTotp(secret, 'abcdef', now)).toBeNull();
  });

  it('builds the otpauth URI authenticator apps import', () => {
    const uri = otpauthUri('Registrar', 'demo@example.gr', 'JBSWY3DPEHPK3PXP');
    expect(uri.startsWith('otpauth://totp/Registrar%3Ademo%40example.gr?')).toBe(true);
    expect(new URL(uri).searchParams.get('secret')).toBe('JBSWY3DPEHPK3PXP');
    expect(new URL(uri).searchParams.get('period')).toBe('30');
    // Apps that read the parameters must compute the same codes: SHA-1, six digits, the issuer named.
    expect(new URL(uri).searchParams.get('algorithm')).toBe('SHA1');
    expect(new URL(uri).searchParams.get('digits')).toBe('6');
    expect(new URL(uri).searchParams.get('issuer')).toBe('Registrar');
  });

  it('compares in constant time but correctly', () => {
    expect(constantTimeEqual('123456', '123456')).toBe(true);
    expect(constantTimeEqual('123456', '123457')).toBe(false);
    expect(constantTimeEqual('123', '1234')).toBe(false);
  });

  it('encodes base32 of any length as RFC 4648 §10 does (without padding)', () => {
    const enc = (t: string) => base32Encode(new TextEncoder().encode(t));
    expect(['', 'f', 'fo', 'foo', 'foob', 'fooba', 'foobar'].map(enc)).toEqual(['', 'MY', 'MZXQ', 'MZXW6', 'MZXW6YQ', 'MZXW6YTB', 'MZXW6YTBOI']);
    expect(new TextDecoder().decode(base32Decode('MZXW6YTBOI======')!)).toBe('foobar');
  });

  it('refuses an invalid secret: no code from it, and no match against it', async () => {
    await expect(totp('not base32!', 1_700_000_000_000)).rejects.toThrow('totp: invalid secret');
    await expect(verifyTotp('not base32!', '123456', 1_700_000_000_000)).resolves.toBeNull();
  });

  it('groups a secret in fours for typing by hand', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('JBSWY3DPEH')).toBe('JBSW Y3DP EH');
  });
});
