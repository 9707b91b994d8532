import { describe, expect, it } from 'vitest';
import { createEppTestServer } from '../../../../tests/epp-server/server';
import { eppConfigFromEnv, eppRegistriesFromEnv } from './config';

describe('EPP configuration', () => {
  it('leaves every family to the sandbox when nothing is set', () => {
    expect(eppConfigFromEnv({})).toEqual([]);
  });

  it('configures a family from its host, client id and password, port 700 and the published rules by default', () => {
    const [gr, ...rest] = eppConfigFromEnv({ EPP_GR_HOST: 'epp.example.gr', EPP_GR_CLIENT_ID: 'reg-1', EPP_GR_PASSWORD: 's3cret' });
    expect(rest).toEqual([]);
    expect(gr).toMatchObject({ family: 'gr', host: 'epp.example.gr', port: 700, clientId: 'reg-1', settings: { nameserversMin: 2, transferRenews: true } });
  });

  it('takes a port and a settings override, and refuses a half-configured family or a bad port', () => {
    const [eu] = eppConfigFromEnv({ EPP_EURID_HOST: 'h', EPP_EURID_CLIENT_ID: 'c', EPP_EURID_PASSWORD: 'p', EPP_EURID_PORT: '3121', EPP_EURID_SETTINGS: '{"nameserversMax":6}' });
    expect(eu).toMatchObject({ family: 'eurid', port: 3121, settings: { family: 'eurid', nameserversMin: 0, nameserversMax: 6 } });
    expect(() => eppConfigFromEnv({ EPP_ICM_HOST: 'h', EPP_ICM_CLIENT_ID: 'c' })).toThrow(/together/);
    expect(() => eppConfigFromEnv({ EPP_GR_HOST: 'h', EPP_GR_CLIENT_ID: 'c', EPP_GR_PASSWORD: 'p', EPP_GR_PORT: 'x' })).toThrow(/port/);
  });

  it('the configured client talks to the registry it names', async () => {
    const server = createEppTestServer({ now: () => new Date('2025-03-10T12:00:00Z') });
    const hosts: string[] = [];
    const registries = eppRegistriesFromEnv({ EPP_GR_HOST: 'epp.test', EPP_GR_CLIENT_ID: server.clientId, EPP_GR_PASSWORD: server.password }, (address, options) => {
      hosts.push(`${address.hostname}:${address.port}`);
      return server.connect(address, options);
    });
    expect(Object.keys(registries)).toEqual(['gr']);
    const [answer] = await registries.gr!.check([{ name: 'neo-onoma.gr', key: 'neo-onoma.gr' }]);
    expect(answer).toMatchObject({ available: true });
    expect(hosts).toEqual(['epp.test:700']);
  });
});
