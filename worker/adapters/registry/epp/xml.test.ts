import { describe, expect, it } from 'vitest';
import { build, child, escapeXml, NS, parseXml, readEpp, readResponse, textOf, XmlError } from './xml';

describe('EPP XML', () => {
  it('escapes special characters in text and attributes, and reads them back unchanged', () => {
    const xml = build.contactCreate('tr-1', {
      id: 'c1',
      name: `O'Brien & <Sons> "Ltd"`,
      organisation: 'Α&Β Ο.Ε.',
      email: 'a@b.gr',
      country: 'gr',
      city: 'Αθήνα',
      authCode: 'x<y&z"',
      hidden: true,
    });
    expect(xml).not.toContain('<Sons>');
    expect(xml).toContain('O&apos;Brien &amp; &lt;Sons&gt; &quot;Ltd&quot;');
    const create = child(child(readEpp(xml), NS.epp, 'create'), NS.contact, 'create');
    const postal = child(create, NS.contact, 'postalInfo');
    expect(textOf(child(postal, NS.contact, 'name'))).toBe(`O'Brien & <Sons> "Ltd"`);
    // Greek text cannot go as 'int' postal info
    expect(postal?.attrs.type).toBe('loc');
    expect(textOf(child(child(create, NS.contact, 'authInfo'), NS.contact, 'pw'))).toBe('x<y&z"');
    expect(textOf(child(readEpp(xml), NS.epp, 'clTRID'))).toBe('tr-1');
    expect(escapeXml(`<&>"'`)).toBe('&lt;&amp;&gt;&quot;&apos;');
  });

  it('sends the contact\'s postal address, and never a placeholder city (issue #20 §1)', () => {
    const base = { id: 'c2', name: 'Maria P', email: 'm@example.gr', country: 'gr', authCode: 'pw', hidden: false };
    const xml = build.contactCreate('tr-2', { ...base, address: 'Ermou 10', city: 'Athina', postcode: '10563' });
    const addr = child(child(child(child(readEpp(xml), NS.epp, 'create'), NS.contact, 'create'), NS.contact, 'postalInfo'), NS.contact, 'addr');
    expect(textOf(child(addr, NS.contact, 'street'))).toBe('Ermou 10');
    expect(textOf(child(addr, NS.contact, 'city'))).toBe('Athina');
    expect(textOf(child(addr, NS.contact, 'pc'))).toBe('10563');
    expect(textOf(child(addr, NS.contact, 'cc'))).toBe('GR');
    expect(() => build.contactCreate('tr-3', base)).toThrow(/city/);
    expect(() => build.contactCreate('tr-3', { ...base, city: '-' })).toThrow(/city/);
  });

  it('resolves namespaces by URI, whatever the prefixes, and decodes entities, CDATA and character references', () => {
    const root = parseXml(
      `<?xml version="1.0"?><!-- c --><e:epp xmlns:e="${NS.epp}"><e:response><e:result code="1000"><e:msg><![CDATA[a<b]]> &#x3b1;&#946;</e:msg></e:result>` +
        `<e:resData><d:chkData xmlns:d="${NS.domain}"><d:cd><d:name avail='1'>x.gr</d:name></d:cd></d:chkData></e:resData>` +
        `<e:trID><e:clTRID>c-1</e:clTRID><e:svTRID>s-1</e:svTRID></e:trID></e:response></e:epp>`,
    );
    const response = readResponse(root.children[0]!);
    expect(response).toMatchObject({ code: 1000, msg: 'a<b αβ', clTRID: 'c-1', svTRID: 's-1', msgQ: null });
    const name = child(child(child(response.resData, NS.domain, 'chkData'), NS.domain, 'cd'), NS.domain, 'name');
    expect(name?.attrs.avail).toBe('1');
    expect(textOf(name)).toBe('x.gr');
  });

  it('refuses DTDs, unbalanced tags, undeclared prefixes and bare ampersands', () => {
    expect(() => parseXml('<!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>')).toThrow(XmlError);
    expect(() => parseXml('<a><b></a>')).toThrow(XmlError);
    expect(() => parseXml('<p:a/>')).toThrow(XmlError);
    expect(() => parseXml('<a>fish & chips</a>')).toThrow(XmlError);
    expect(() => readEpp('<epp/>')).toThrow(XmlError);
  });

  it('a role change is domain:update with the new contact in add and the former one in rem (RFC 5731 §3.2.5)', () => {
    const xml = build.domainUpdate('tr-2', 'example.gr', { addContacts: [{ type: 'tech', id: 'cnew' }], remContacts: [{ type: 'tech', id: 'cold' }] });
    const update = child(child(readEpp(xml), NS.epp, 'update'), NS.domain, 'update');
    const add = child(update, NS.domain, 'add');
    const rem = child(update, NS.domain, 'rem');
    expect(child(add, NS.domain, 'contact')?.attrs.type).toBe('tech');
    expect(textOf(child(add, NS.domain, 'contact'))).toBe('cnew');
    expect(textOf(child(rem, NS.domain, 'contact'))).toBe('cold');
    expect(child(update, NS.domain, 'chg')).toBeFalsy();
  });
});
