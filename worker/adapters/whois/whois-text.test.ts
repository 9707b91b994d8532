import { describe, expect, it } from 'vitest';
import { WhoisError } from './port';
import { parseWhoisText } from './whois-text';

// Answers in the layouts of the registries' port-43 servers (spacing, CRLF, notices included);
// the domains and people are made up.
const VERISIGN = [
  '   Domain Name: EXAMPLE-SHOP.COM',
  '   Registry Domain ID: 2336799_DOMAIN_COM-VRSN',
  '   Registrar WHOIS Server: whois.registrar.example',
  '   Registrar URL: http://www.registrar.example',
  '   Updated Date: 2025-02-20T08:14:03Z',
  '   Creation Date: 2011-03-09T15:22:41Z',
  '   Registry Expiry Date: 2027-03-09T15:22:41Z',
  '   Registrar: Example Registrar, Inc.',
  '   Registrar IANA ID: 1234',
  '   Registrar Abuse Contact Email: abuse@registrar.example',
  '   Registrar Abuse Contact Phone: +30.2100000000',
  '   Domain Status: clientDeleteProhibited https://icann.org/epp#clientDeleteProhibited',
  '   Domain Status: clientTransferProhibited https://icann.org/epp#clientTransferProhibited',
  '   Name Server: NS1.DNSHOST.EXAMPLE',
  '   Name Server: NS2.DNSHOST.EXAMPLE',
  '   DNSSEC: unsigned',
  '   URL of the ICANN Whois Inaccuracy Complaint Form: https://www.icann.org/wicf/',
  '>>> Last update of whois database: 2026-07-01T10:00:00Z <<<',
  '',
  'For more information on Whois status codes, please visit https://icann.org/epp',
  '',
  'NOTICE: The expiration date displayed in this record is the date the',
  "registrar's sponsorship of the domain name registration in the registry is",
  'currently set to expire.',
  'Registrar: Someone Else In The Legal Text',
  '',
].join('\r\n');

const VERISIGN_NO_MATCH = [
  'No match for "NOBODY-HERE.COM".',
  '>>> Last update of whois database: 2026-07-01T10:00:00Z <<<',
  '',
  'NOTICE: The expiration date displayed in this record is the date the',
  '',
].join('\r\n');

const DENIC = [
  '% Restricted rights.',
  '%',
  '% Terms and Conditions of Use',
  '%',
  '% The above data may only be used within the scope of technical or',
  '% administrative necessities of Internet operation or to remedy legal',
  '% problems.',
  '',
  'Domain: beispiel-laden.de',
  'Nserver: ns1.dnshost.example',
  'Nserver: ns2.dnshost.example',
  'Dnskey: 257 3 8 AwEAAbDwXYEMyRhpHTPE1WZ2pbhhpNJOsi0WtSbr4SUvXbXKHjYPXmm0',
  'Status: connect',
  'Changed: 2024-11-05T14:03:27+01:00',
  '',
].join('\n');

const DENIC_FREE = ['Domain: frei-und-leer.de', 'Status: free', ''].join('\n');

const EURID = [
  '% The WHOIS service offered by EURid and the access to the records',
  '% in the EURid WHOIS database are provided for information purposes',
  '',
  'Domain: example-shop.eu',
  'Script: LATIN',
  '',
  'Registrant:',
  '        NOT DISCLOSED!',
  '        Visit www.eurid.eu for the web-based WHOIS.',
  '',
  'Technical:',
  '        Organisation: Example Registrar, Inc.',
  '        Language: en',
  '        Email: tech@registrar.example',
  '',
  'Registrar:',
  '        Name: Example Registrar, Inc.',
  '        Website: https://www.registrar.example',
  '',
  'Name servers:',
  '        ns1.dnshost.example',
  '        ns2.dnshost.example (192.0.2.53)',
  '',
  'Keys:',
  '        flags:KSK protocol:3 algorithm:RSA_SHA_256 pubKey:AwEAAa4XJdsvOmqGD2kBd',
  '',
  'Please visit www.eurid.eu for more info.',
  '',
].join('\n');

const REGISTRO_IT = [
  '*********************************************************************',
  '* Please note that the following result could be a subgroup of      *',
  '*********************************************************************',
  '',
  'Domain:             esempio-negozio.it',
  'Status:             ok',
  'Signed:             no',
  'Created:            2015-04-20 10:11:12',
  'Last Update:        2025-05-06 00:52:31',
  'Expire Date:        2026-04-20',
  '',
  'Registrant',
  '  Organization:     Esempio Negozio S.r.l.',
  '  Address:          Via Roma 1',
  '                    Milano',
  '                    20121',
  '                    MI',
  '                    IT',
  '  Created:          2015-04-20 10:11:11',
  '  Last Update:      2015-04-20 10:11:11',
  '',
  'Admin Contact',
  '  Name:             Giulia Rossi',
  '  Organization:     Esempio Negozio S.r.l.',
  '',
  'Registrar',
  '  Organization:     Example Registrar, Inc.',
  '  Name:             EXAMPLE-REG',
  '  Web:              https://www.registrar.example',
  '  DNSSEC:           yes',
  '',
  'Nameservers',
  '  ns1.dnshost.example',
  '  ns2.dnshost.example',
  '',
].join('\n');

const NOMINET = [
  '',
  '    Domain name:',
  '        example-shop.co.uk',
  '',
  '    Data validation:',
  "        Nominet was able to match the registrant's name and address against a 3rd party data source on 10-Dec-2012",
  '',
  '    Registrar:',
  '        Example Registrar Ltd [Tag = EXAMPLE]',
  '        URL: https://www.registrar.example',
  '',
  '    Relevant dates:',
  '        Registered on: 22-Jan-2014',
  '        Expiry date:  22-Jan-2030',
  '        Last updated:  12-Jan-2024',
  '',
  '    Registration status:',
  '        Registered until expiry date.',
  '',
  '    Name servers:',
  '        ns1.dnshost.example       192.0.2.53',
  '        ns2.dnshost.example',
  '',
  '    WHOIS lookup made at 10:00:00 01-Jul-2026',
  '',
  '-- ',
  'This WHOIS information is provided for free by Nominet UK the central registry',
  'for .uk domain names. This information and the .uk WHOIS are:',
  '',
  '    Copyright Nominet UK 1996 - 2026.',
  '',
].join('\n');

const DNS_BE = [
  '% .be Whois Server 6.1',
  '%',
  'Domain:\tvoorbeeld-winkel.be',
  'Status:\tNOT AVAILABLE',
  'Registered:\tWed Jan 1 1997',
  '',
  'Registrant:',
  '\tNot shown, please visit www.dnsbelgium.be for webbased whois.',
  '',
  'Registrar Technical Contacts:',
  '\tOrganisation:\tSomebody Else bv',
  '',
  'Registrar:',
  '\tName:\t Example Registrar, Inc.',
  '\tWebsite: https://www.registrar.example',
  '',
  'Nameservers:',
  '\tns1.dnshost.example',
  '',
  'Keys:',
  '',
  'Flags:',
  '\tclientTransferProhibited',
  '',
].join('\n');

const ICANN_PROXY = [
  'Domain Name: hidden-owner.org',
  'Registrar: Example Registrar, Inc.',
  'Creation Date: 2018-09-01T00:00:00Z',
  'Registry Expiry Date: 2027-09-01T00:00:00Z',
  'Registrant Name: Registration Private',
  'Registrant Organization: Domains By Proxy, LLC',
  'Registrant Country: US',
  'Registrant Email: Please query the RDDS service of the Registrar of Record identified in this output for information on how to contact the Registrant, Admin, or Tech contact of the queried domain name.',
  'Admin Name: REDACTED FOR PRIVACY',
  'Name Server: ns1.dnshost.example',
  'DNSSEC: signedDelegation',
  '>>> Last update of WHOIS database: 2026-07-01T10:00:00Z <<<',
].join('\n');

function codeOf(run: () => unknown): number {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(WhoisError);
    return (error as WhoisError).code;
  }
  throw new Error('expected a WhoisError');
}

describe('parseWhoisText', () => {
  it('reads the ICANN/Verisign flat format and ignores the legal text after ">>>"', () => {
    expect(parseWhoisText('example-shop.com', VERISIGN)).toEqual({
      domain: 'example-shop.com',
      registrar: 'Example Registrar, Inc.',
      statuses: ['clientDeleteProhibited', 'clientTransferProhibited'],
      created: '2011-03-09T15:22:41Z',
      updated: '2025-02-20T08:14:03Z',
      expires: '2027-03-09T15:22:41Z',
      nameservers: ['ns1.dnshost.example', 'ns2.dnshost.example'],
      dnssec: false,
      registrant: null,
      privacy: false,
      source: 'whois',
      raw: VERISIGN,
    });
  });

  it('reads a DENIC answer: name servers, status, change date, DNSSEC from the key lines', () => {
    const record = parseWhoisText('beispiel-laden.de', DENIC);
    expect(record).toMatchObject({
      domain: 'beispiel-laden.de',
      registrar: null,
      statuses: ['connect'],
      created: null,
      updated: '2024-11-05T13:03:27Z',
      expires: null,
      nameservers: ['ns1.dnshost.example', 'ns2.dnshost.example'],
      dnssec: true,
      registrant: null,
      privacy: false,
      source: 'whois',
    });
    expect(record.raw).toBe(DENIC);
  });

  it('answers 27003 for "No match", DENIC "free" and the other not-found wordings', () => {
    expect(codeOf(() => parseWhoisText('nobody-here.com', VERISIGN_NO_MATCH))).toBe(27003);
    expect(codeOf(() => parseWhoisText('frei-und-leer.de', DENIC_FREE))).toBe(27003);
    for (const text of [
      'Domain: libero.it\nStatus:             AVAILABLE\n',
      '%% NOT FOUND\n',
      'No entries found for the selected source(s).\n',
      'Domain:\tvrij.be\nStatus:\tAVAILABLE\n',
      '% nothing found\n',
      'vrij.nl is free\n',
      'The queried object does not exist: DOMAIN NOT FOUND\n',
    ]) {
      expect(codeOf(() => parseWhoisText('x.test', text))).toBe(27003);
    }
  });

  it('reads EURid sections: registrar under its heading, not the technical contact; registrant not disclosed', () => {
    expect(parseWhoisText('example-shop.eu', EURID)).toMatchObject({
      registrar: 'Example Registrar, Inc.',
      nameservers: ['ns1.dnshost.example', 'ns2.dnshost.example'],
      dnssec: true,
      registrant: null,
      privacy: true,
      created: null,
      statuses: [],
    });
  });

  it('reads Registro .it sections without colons and keeps the contacts’ dates out', () => {
    expect(parseWhoisText('esempio-negozio.it', REGISTRO_IT)).toMatchObject({
      registrar: 'Example Registrar, Inc.',
      statuses: ['ok'],
      created: '2015-04-20T10:11:12Z',
      updated: '2025-05-06T00:52:31Z',
      expires: '2026-04-20T00:00:00Z',
      nameservers: ['ns1.dnshost.example', 'ns2.dnshost.example'],
      // "Signed: no" is the domain's; the registrar section's "DNSSEC: yes" is the registrar's capability.
      dnssec: false,
      registrant: { name: null, organisation: 'Esempio Negozio S.r.l.', email: null, country: null },
      privacy: false,
    });
  });

  it('reads Nominet’s indented layout and its dates', () => {
    expect(parseWhoisText('example-shop.co.uk', NOMINET)).toMatchObject({
      registrar: 'Example Registrar Ltd',
      statuses: ['Registered until expiry date.'],
      created: '2014-01-22T00:00:00Z',
      updated: '2024-01-12T00:00:00Z',
      expires: '2030-01-22T00:00:00Z',
      nameservers: ['ns1.dnshost.example', 'ns2.dnshost.example'],
      dnssec: null,
    });
  });

  it('tells DNS Belgium’s "NOT AVAILABLE" (registered) from "AVAILABLE"', () => {
    expect(parseWhoisText('voorbeeld-winkel.be', DNS_BE)).toMatchObject({
      registrar: 'Example Registrar, Inc.',
      statuses: ['NOT AVAILABLE'],
      created: '1997-01-01T00:00:00Z',
      nameservers: ['ns1.dnshost.example'],
      registrant: null,
      privacy: true,
    });
  });

  it('marks a proxy registrant as private, keeps the service as given and drops the non-address e-mail', () => {
    expect(parseWhoisText('hidden-owner.org', ICANN_PROXY)).toMatchObject({
      registrant: { name: 'Registration Private', organisation: 'Domains By Proxy, LLC', email: null, country: 'US' },
      privacy: true,
      dnssec: true,
    });
  });

  it('derives the Unicode name of an IDN', () => {
    const record = parseWhoisText('xn--hxakic4aa.xn--qxa6a', 'Domain: xn--hxakic4aa.xn--qxa6a\nRegistrar:\n  Name: Example Registrar\n');
    expect(record.unicodeDomain).toBe('ελλάδα.ευ');
    expect(parseWhoisText('example-shop.eu', EURID).unicodeDomain).toBeUndefined();
  });

  it('answers 27002 for an empty answer, a refusal, or text with no domain data', () => {
    expect(codeOf(() => parseWhoisText('a.de', ''))).toBe(27002);
    expect(codeOf(() => parseWhoisText('a.de', '55000000002 Connection refused; access control limit reached.\n'))).toBe(27002);
    expect(codeOf(() => parseWhoisText('a.com', 'Welcome to our WHOIS service.\nPlease ask again.\n'))).toBe(27002);
  });
});
