import { describe, expect, it } from 'vitest';
import { developmentRing, type SecretKeyRing } from '../../core/secrets-key';
import { createSecretBox, SecretUnreadable } from './secret-box';

const KEY_1 = btoa('1'.repeat(32));
const KEY_2 = btoa('2'.repeat(32));
const ring = (current: { version: number; key: string }, old: { version: number; key: string }[] = []): SecretKeyRing => ({ current, old, development: false });

describe('secret box (decision 091)', () => {
  it('seals with the current key and a fresh 96-bit IV each time, and opens it again', async () => {
    const box = createSecretBox(ring({ version: 1, key: KEY_1 }));
    const a = await box.seal('Kal0s-Kodikos!', 'hosting_services:1:panel_password');
    const b = await box.seal('Kal0s-Kodikos!', 'hosting_services:1:panel_password');
    expect(a.keyVersion).toBe(1);
    expect(atob(a.iv)).toHaveLength(12);
    expect(a.iv).not.toBe(b.iv);
    expect(a.ciphertext).not.toBe(b.ciphertext);
    expect(a.ciphertext).not.toContain('Kal0s');
    expect(await box.open(a, 'hosting_services:1:panel_password')).toBe('Kal0s-Kodikos!');
  });

  it('fails closed: another row, a wrong key, an unknown version or a changed byte never opens', async () => {
    const box = createSecretBox(ring({ version: 1, key: KEY_1 }));
    const sealed = await box.seal('Kal0s-Kodikos!', 'hosting_services:1:panel_password');
    await expect(box.open(sealed, 'hosting_services:2:panel_password')).rejects.toMatchObject({ reason: 'wrong_key_or_tampered' });
    await expect(createSecretBox(ring({ version: 1, key: KEY_2 })).open(sealed, 'hosting_services:1:panel_password')).rejects.toBeInstanceOf(SecretUnreadable);
    await expect(createSecretBox(ring({ version: 2, key: KEY_2 })).open(sealed, 'hosting_services:1:panel_password')).rejects.toMatchObject({ reason: 'unknown_key' });
    const bytes = Uint8Array.from(atob(sealed.ciphertext), (c) => c.charCodeAt(0));
    bytes[0] = bytes[0]! ^ 1;
    await expect(box.open({ ...sealed, ciphertext: btoa(String.fromCharCode(...bytes)) }, 'hosting_services:1:panel_password')).rejects.toMatchObject({ reason: 'wrong_key_or_tampered' });
  });

  it('opens what an old key sealed after a rotation, and seals anew only with the current key', async () => {
    const before = await createSecretBox(ring({ version: 1, key: KEY_1 })).seal('Palios-Kod1kos', 'w');
    const rotated = createSecretBox(ring({ version: 2, key: KEY_2 }, [{ version: 1, key: KEY_1 }]));
    expect(await rotated.open(before, 'w')).toBe('Palios-Kod1kos');
    expect((await rotated.seal('x', 'w')).keyVersion).toBe(2);
    expect(rotated.currentVersion).toBe(2);
    expect(createSecretBox(developmentRing()).currentVersion).toBe(0);
  });
});
