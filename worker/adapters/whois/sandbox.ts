// Sandbox WHOIS: answers from the sandbox registries, as a registry's RDAP would. A name under a TLD
// no sandbox registry serves is 27000; an unregistered or reserved name is 27003; a registry in
// maintenance or failing is 27001. ID-protected names show the privacy service, never the owner.
import { ErrorCode } from '../../../core/errors';
import { domainToUnicode } from '../../../core/domains/punycode';
import { RegistryError, type NameRef, type RegistryPort } from '../registry/port';
import { WhoisError, type WhoisPort, type WhoisRecord } from './port';

export const PRIVACY_CONTACT = { name: 'Privacy Protect', organisation: 'Ελληνικός Καταχωρητής — ID Protect', email: 'privacy@example.gr', country: 'GR' };

export type SandboxWhoisSource = {
  /** The registry that serves the name and the key it compares by, or null for a TLD we do not serve. */
  resolve(asciiFqdn: string): { registry: RegistryPort; name: NameRef } | null;
};

export function createSandboxWhois(source: SandboxWhoisSource): WhoisPort {
  return {
    async lookup(asciiFqdn) {
      const domain = asciiFqdn.trim().toLowerCase().replace(/\.$/, '');
      if (!domain.includes('.')) throw new WhoisError(ErrorCode.WHOIS_SEARCH_NO_TLD_GIVEN, 'no tld');
      const target = source.resolve(domain);
      if (!target) throw new WhoisError(ErrorCode.WHOIS_NOT_SUPPORTED_FOR_THIS_DOMAIN, `no registry for ${domain}`);
      try {
        const info = await target.registry.info(target.name);
        const unicode = domainToUnicode(domain);
        const record: WhoisRecord = {
          domain,
          ...(unicode !== domain ? { unicodeDomain: unicode } : {}),
          registrar: info.registrar,
          statuses: info.statuses,
          created: info.createdAt.toISOString(),
          updated: info.updatedAt.toISOString(),
          expires: info.expiresAt.toISOString(),
          nameservers: info.nameservers,
          dnssec: false,
          registrant: info.idProtect
            ? PRIVACY_CONTACT
            : {
                name: info.registrant.name ?? null,
                organisation: info.registrant.organisation ?? null,
                email: info.registrant.email ?? null,
                country: info.registrant.country ?? null,
              },
          privacy: info.idProtect,
          source: 'sandbox',
        };
        return record;
      } catch (e) {
        if (e instanceof RegistryError && e.code === ErrorCode.DOMAIN_DOES_NOT_EXIST) throw new WhoisError(ErrorCode.WHOIS_RESPONDED_NO_RESULT, `${domain} not found`);
        throw new WhoisError(ErrorCode.WHOIS_COMMUNICATIONS_FAILED, `registry failed for ${domain}`, { cause: e });
      }
    },
  };
}
