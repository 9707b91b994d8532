// The sandbox CA's pure helpers. Its D1 behaviour is tested in tests/worker/ssl-sandbox.test.ts.
import { describe, expect, it } from 'vitest';
import { certificateName, sandboxPem } from './sandbox';

function decode(pem: string): Record<string, unknown> {
  const body = pem.replace('-----BEGIN CERTIFICATE-----', '').replace('-----END CERTIFICATE-----', '').replace(/\s+/g, '');
  const bytes = Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
}

describe('sandboxPem', () => {
  const pem = sandboxPem({
    certificateId: 'ssl_1',
    serial: 2,
    validationType: 'DV',
    commonName: 'καφές.gr',
    sans: ['www.καφές.gr'],
    notBefore: new Date('2025-03-01T10:00:00Z'),
    notAfter: new Date('2026-03-01T10:00:00Z'),
  });

  it('is PEM-armoured with lines of 64 characters at most', () => {
    expect(pem.startsWith('-----BEGIN CERTIFICATE-----\n')).toBe(true);
    expect(pem.endsWith('\n-----END CERTIFICATE-----\n')).toBe(true);
    expect(pem.split('\n').every((line) => line.length <= 64)).toBe(true);
  });

  it('decodes to a description that says it is a sandbox certificate, IDNs intact', () => {
    expect(decode(pem)).toMatchObject({
      sandbox: true,
      issuer: 'Sandbox CA (not trusted)',
      certificateId: 'ssl_1',
      serial: 2,
      commonName: 'καφές.gr',
      sans: ['www.καφές.gr'],
      notBefore: '2025-03-01T10:00:00.000Z',
      notAfter: '2026-03-01T10:00:00.000Z',
    });
    expect(String(decode(pem).notice)).toMatch(/SANDBOX/);
  });
});

describe('certificateName', () => {
  it('lower-cases, trims and drops the root dot, keeping a wildcard', () => {
    expect(certificateName(' WWW.Example.GR. ')).toBe('www.example.gr');
    expect(certificateName('*.Example.gr')).toBe('*.example.gr');
    // A decomposed accent (ε + U+0301) is the same name as the precomposed έ.
    expect(certificateName('καφε\u0301ς.gr')).toBe('καφές.gr');
  });
});
