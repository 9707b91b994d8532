// The sandbox provider's images per server kind. Its D1 behaviour is in tests/worker/hosting-servers.test.ts.
import { describe, expect, it } from 'vitest';
import { imageFits } from './sandbox-servers';

describe('imageFits', () => {
  it('gives a Linux VPS Linux images only, a Windows VPS Windows only, a dedicated server either', () => {
    expect(imageFits('hosting-vps-linux', 'debian-12')).toBe(true);
    expect(imageFits('hosting-vps-linux', 'windows-server-2022')).toBe(false);
    expect(imageFits('hosting-vps-windows', 'windows-server-2025')).toBe(true);
    expect(imageFits('hosting-vps-windows', 'ubuntu-24.04')).toBe(false);
    expect(imageFits('hosting-dedi-greece', 'proxmox-8')).toBe(true);
    expect(imageFits('hosting-dedi', 'windows-server-2022')).toBe(true);
  });

  it('knows no image outside its list', () => {
    for (const os of ['', 'debian', 'windows-xp', 'gentoo-1', 'debian-12; rm -rf /']) expect(imageFits('hosting-dedi', os)).toBe(false);
  });
});
