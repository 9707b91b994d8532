// The whois port's real client (DESIGN.md "Outside systems": RDAP with the IANA bootstrap, port-43
// WHOIS fallback). RDAP is asked first wherever IANA lists a service, since it is structured, served
// over TLS and the only service ICANN still requires of gTLD registries; port 43 covers the ccTLDs
// that never adopted RDAP and stands in when an RDAP server cannot be reached.
import { ErrorCode } from '../../../core/errors';
import { rdapBaseFor, whoisServerFor } from './bootstrap';
import { requireFqdn, tldOf } from './normalize';
import { WhoisError, type WhoisPort } from './port';
import { createPort43Whois, type SocketConnect } from './port43';
import { createRdapWhois } from './rdap';

export type RealWhoisOptions = {
  fetch: typeof fetch;
  /** `connect` from 'cloudflare:sockets', passed in by the adapter wiring (Node cannot import it). */
  connect: SocketConnect;
  timeoutMs?: number;
  /** Injected in tests; the bundled data otherwise. */
  rdapBaseFor?: (asciiFqdn: string) => string | null;
  whoisServerFor?: (asciiFqdn: string) => string | null;
};

export function createRealWhois(options: RealWhoisOptions): WhoisPort {
  const baseFor = options.rdapBaseFor ?? rdapBaseFor;
  const serverFor = options.whoisServerFor ?? whoisServerFor;
  // Workers bind fetch to the global scope; an unbound reference throws "Illegal invocation".
  const doFetch: typeof fetch = (input, init) => options.fetch(input, init);
  const rdap = createRdapWhois({ fetch: doFetch, timeoutMs: options.timeoutMs, baseFor });
  const port43 = createPort43Whois({ connect: options.connect, timeoutMs: options.timeoutMs, serverFor });

  return {
    async lookup(input) {
      const domain = requireFqdn(input);
      const hasRdap = baseFor(domain) !== null;
      const hasPort43 = serverFor(domain) !== null;

      if (hasRdap) {
        try {
          return await rdap.lookup(domain);
        } catch (error) {
          // Only an unreachable RDAP server is worth a second try elsewhere: a 404 or an error answer
          // is the registry speaking, and port 43 would say the same thing in a poorer format.
          if (!(error instanceof WhoisError && error.code === ErrorCode.WHOIS_COMMUNICATIONS_FAILED) || !hasPort43) throw error;
          try {
            return await port43.lookup(domain);
          } catch (fallbackError) {
            // When both paths fail to connect, the RDAP failure is the one worth logging.
            if (fallbackError instanceof WhoisError && fallbackError.code === ErrorCode.WHOIS_COMMUNICATIONS_FAILED) throw error;
            throw fallbackError;
          }
        }
      }
      if (hasPort43) return port43.lookup(domain);
      throw new WhoisError(ErrorCode.WHOIS_NOT_SUPPORTED_FOR_THIS_DOMAIN, `neither RDAP nor port-43 WHOIS is known for .${tldOf(domain)}`);
    },
  };
}
