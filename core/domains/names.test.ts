import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors';
import {
  displayLabel,
  labelAllowedForTld,
  labelScript,
  normaliseGreekLabel,
  normaliseTld,
  parseDomain,
  parseKeyword,
  scriptPolicyOf,
  splitDomain,
} from './names';
import { labelToAscii } from './punycode';

const TLDS = ['gr', 'com.gr', 'net.gr', 'org.gr', 'edu.gr', 'gov.gr', 'ελ', 'ευ', 'eu', 'com', 'net', 'org', 'xxx'];
// 48 letters whose ACE form is 65 characters: over the DNS label limit although short on screen.
const LONG_GREEK = 'καλημέραελλάδακαλησπέραθεσσαλονίκηκαληνύχτααθήνα';
const GREEK_WORD = fc.string({ unit: fc.constantFrom(...'αβγδεζηθικλμνξοπρσςτυφχψωάέήίόύώϊϋΐΰΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩΆΈΉΊΌΎΏΪΫ'), minLength: 1, maxLength: 20 });

describe('normaliseGreekLabel (registry key)', () => {
  it.each([
    ['Καφές', 'καφεσ'],
    ['ΚΑΦΕΣ', 'καφεσ'],
    ['καφες', 'καφεσ'],
    ['καφεσ', 'καφεσ'],
    ['Αθήνα', 'αθηνα'],
    ['ΑΘΗΝΑ', 'αθηνα'],
    ['Πειραιάς', 'πειραιασ'],
    ['Ελλάς', 'ελλασ'],
    ['θεσσαλονίκη', 'θεσσαλονικη'],
    ['προϊόν', 'προιον'],
    ['ΠΡΟΪΟΝ', 'προιον'],
    ['Ϊ', 'ι'],
    ['ΐ', 'ι'],
    ['ΰ', 'υ'],
    ['ευχαριστώ', 'ευχαριστω'],
    ['καφές-ελλάς', 'καφεσ-ελλασ'],
    ['ταβέρνα2024', 'ταβερνα2024'],
    ['Example', 'example'],
    ['EXAMPLE-1', 'example-1'],
    ['xn--qxam', 'ελ'],
  ])('%s → %s', (label, key) => {
    expect(normaliseGreekLabel(label)).toBe(key);
  });

  it('treats decomposed accents like composed ones', () => {
    expect(normaliseGreekLabel('καφε\u0301ς')).toBe('καφεσ');
    expect(normaliseGreekLabel('ι\u0308\u0301')).toBe('ι');
  });

  it('makes names differing only in accents, case or final sigma one name', () => {
    const keys = new Set(['Καφές', 'καφές', 'ΚΑΦΕΣ', 'καφεσ', 'καφες', 'ΚΑΦΈΣ', labelToAscii('καφές')].map(normaliseGreekLabel));
    expect(keys.size).toBe(1);
  });

  it('keeps different Greek letters apart', () => {
    expect(normaliseGreekLabel('ωμεγα')).not.toBe(normaliseGreekLabel('ομεγα'));
    expect(normaliseGreekLabel('ηλιος')).not.toBe(normaliseGreekLabel('ιλιος'));
  });

  it('leaves Latin accents alone (a Greek rule only)', () => {
    expect(normaliseGreekLabel('Café')).toBe('café');
  });

  it('is idempotent (property)', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 20 }), (s) => normaliseGreekLabel(normaliseGreekLabel(s)) === normaliseGreekLabel(s)));
    fc.assert(fc.property(GREEK_WORD, (s) => normaliseGreekLabel(normaliseGreekLabel(s)) === normaliseGreekLabel(s)));
  });

  it('leaves no accent, capital or final sigma in Greek (property)', () => {
    fc.assert(fc.property(GREEK_WORD, (s) => /^[αβγδεζηθικλμνξοπρστυφχψω]+$/.test(normaliseGreekLabel(s))));
  });

  it('gives display forms the key of their source (property)', () => {
    fc.assert(fc.property(GREEK_WORD, (s) => normaliseGreekLabel(displayLabel(s)) === normaliseGreekLabel(s)));
  });
});

describe('displayLabel', () => {
  it.each([
    ['καφεσ', 'καφες'],
    ['Καφές', 'καφές'],
    ['ΚΑΦΕΣ', 'καφες'],
    ['καφεσ-ελλασ', 'καφες-ελλας'],
    ['καφεσ2', 'καφες2'],
    ['ςοφια', 'σοφια'], // a final sigma that does not end a word is a plain sigma
    ['σοφοσ', 'σοφος'],
    ['σ', 'σ'],
    ['Αθήνα', 'αθήνα'],
    ['xn--qxam', 'ελ'],
    ['EXAMPLE', 'example'],
  ])('%s → %s', (label, shown) => {
    expect(displayLabel(label)).toBe(shown);
  });

  it('composes decomposed accents (NFC)', () => {
    expect(displayLabel('καφε\u0301σ')).toBe('καφές');
  });

  it('shows the ACE form of a Greek name in Greek', () => {
    expect(displayLabel(labelToAscii('πειραιάσ'))).toBe('πειραιάς');
  });
});

describe('labelScript', () => {
  it('tells Latin, Greek and mixed labels apart', () => {
    expect(labelScript('example')).toBe('latin');
    expect(labelScript('καφές')).toBe('greek');
    expect(labelScript('kαfe')).toBe('mixed');
    expect(labelScript('123-4')).toBe('latin');
    expect(labelScript('καφε-24')).toBe('greek');
  });
});

describe('splitDomain', () => {
  it.each<[string, string | null, string]>([
    ['example.gr', 'gr', 'example'],
    ['  Example.GR  ', 'gr', 'example'],
    ['example.com.gr', 'com.gr', 'example'],
    ['example.gr.', 'gr', 'example'],
    ['www.example.gr', 'gr', 'example'],
    ['www.gr', 'gr', 'www'],
    ['www.com.gr', 'com.gr', 'www'],
    ['com.gr', 'gr', 'com'],
    ['καφές.ελ', 'ελ', 'καφές'],
    ['ΚΑΦΈΣ.ΕΛ', 'ελ', 'καφέσ'], // lower case only: the sigma is fixed by displayLabel, not here
    ['καφές.el', 'ελ', 'καφές'],
    ['καφές.xn--qxam', 'ελ', 'καφές'],
    ['καφές.ευ', 'ευ', 'καφές'],
    ['καφές.xn--qxa6a', 'ευ', 'καφές'],
    ['example.eu', 'eu', 'example'],
    ['shop.example.gr', 'gr', 'shop.example'],
    ['shop.example.com.gr', 'com.gr', 'shop.example'],
    ['example', null, 'example'],
    ['example.zz', null, 'example.zz'],
    ['www.example', null, 'example'],
  ])('%s → %s / %s', (input, tld, label) => {
    expect(splitDomain(input, TLDS)).toEqual({ label, tld });
  });

  it("reads '.el' as '.ελ' only when the shop sells .ελ", () => {
    expect(splitDomain('kafe.el', ['gr', 'com'])).toEqual({ label: 'kafe.el', tld: null });
    expect(splitDomain('kafe.el', ['gr', 'ελ'])).toEqual({ label: 'kafe', tld: 'ελ' });
  });

  it('accepts known TLDs given with a dot, in capitals or in ACE form', () => {
    expect(splitDomain('kafe.ελ', ['.ΕΛ'])).toEqual({ label: 'kafe', tld: 'ελ' });
    expect(splitDomain('kafe.ελ', ['xn--qxam'])).toEqual({ label: 'kafe', tld: 'ελ' });
  });

  it('normalises TLDs', () => {
    expect(normaliseTld('.XN--QXAM')).toBe('ελ');
    expect(normaliseTld('Com.GR')).toBe('com.gr');
  });
});

describe('parseDomain', () => {
  it('parses a Latin .gr name', () => {
    expect(parseDomain('Example.gr', TLDS)).toEqual({
      ok: true,
      label: 'example',
      tld: 'gr',
      fqdn: 'example.gr',
      asciiLabel: 'example',
      asciiFqdn: 'example.gr',
      registryKey: 'example.gr',
      script: 'latin',
    });
  });

  it('parses a Greek .ελ name', () => {
    expect(parseDomain('ΚΑΦΈΣ.ελ', TLDS)).toEqual({
      ok: true,
      label: 'καφές',
      tld: 'ελ',
      fqdn: 'καφές.ελ',
      asciiLabel: labelToAscii('καφές'),
      asciiFqdn: `${labelToAscii('καφές')}.xn--qxam`,
      registryKey: 'καφεσ.ελ',
      script: 'greek',
    });
  });

  it('fixes the final sigma in the display and ASCII forms', () => {
    const parsed = parseDomain('καφεσ.gr', TLDS);
    expect(parsed).toMatchObject({ ok: true, label: 'καφες', fqdn: 'καφες.gr', asciiLabel: labelToAscii('καφες') });
  });

  it('reads ACE input and the .el alias', () => {
    expect(parseDomain(`${labelToAscii('αθήνα')}.xn--qxam`, TLDS)).toMatchObject({ ok: true, fqdn: 'αθήνα.ελ' });
    expect(parseDomain('αθήνα.el', TLDS)).toMatchObject({ ok: true, fqdn: 'αθήνα.ελ', asciiFqdn: `${labelToAscii('αθήνα')}.xn--qxam` });
  });

  it('uses the longest TLD and drops www and a trailing dot', () => {
    expect(parseDomain('www.example.com.gr.', TLDS)).toMatchObject({ ok: true, label: 'example', tld: 'com.gr', asciiFqdn: 'example.com.gr' });
  });

  it.each<[string, number]>([
    ['', ErrorCode.EMPTY_SEARCH],
    ['   ', ErrorCode.EMPTY_SEARCH],
    [`${'a'.repeat(251)}.gr`, ErrorCode.TOO_LONG_SEARCH],
    ['example', ErrorCode.NO_TLD],
    ['example.zz', ErrorCode.NO_TLD],
    ['my shop.gr', ErrorCode.DOMAIN_IS_NOT_VALID],
    ['my shop', ErrorCode.DOMAIN_IS_NOT_VALID],
    ['http://example.gr', ErrorCode.DOMAIN_IS_NOT_VALID],
    ['-example.gr', ErrorCode.DOMAIN_IS_NOT_VALID],
    ['example-.gr', ErrorCode.DOMAIN_IS_NOT_VALID],
    ['ex--ample.gr', ErrorCode.DOMAIN_IS_NOT_VALID],
    ['ex_ample.gr', ErrorCode.DOMAIN_IS_NOT_VALID],
    ['.example.gr', ErrorCode.DOMAIN_IS_NOT_VALID],
    ['example..gr', ErrorCode.DOMAIN_IS_NOT_VALID],
    ['xn--example-.gr', ErrorCode.DOMAIN_IS_NOT_VALID], // ACE that decodes to plain ASCII
    ['ἀθήνα.gr', ErrorCode.DOMAIN_IS_NOT_VALID], // polytonic Greek is not in the §5 set
    ['shop.example.gr', ErrorCode.INVALID_DOMAIN_CANT_BE_REGISTERED],
    ['a.b.example.com.gr', ErrorCode.INVALID_DOMAIN_CANT_BE_REGISTERED],
    [`${'a'.repeat(40)}.example.gr`, ErrorCode.INVALID_DOMAIN_CANT_BE_REGISTERED],
    [`${'a'.repeat(64)}.gr`, ErrorCode.DOMAIN_MAX_LENGTH_REACHED],
    [`${LONG_GREEK}.gr`, ErrorCode.DOMAIN_MAX_LENGTH_REACHED], // 48 letters, but 65 in ACE
    ['example.ελ', ErrorCode.DOMAIN_IS_NOT_VALID],
    ['example.el', ErrorCode.DOMAIN_IS_NOT_VALID],
    ['123.ελ', ErrorCode.DOMAIN_IS_NOT_VALID],
    ['example.ευ', ErrorCode.DOMAIN_IS_NOT_VALID],
    ['καφές.com', ErrorCode.DOMAIN_IS_NOT_VALID],
    ['kαfe.gr', ErrorCode.DOMAIN_IS_NOT_VALID],
    ['pαypal.eu', ErrorCode.DOMAIN_IS_NOT_VALID],
  ])('%s → %i', (input, code) => {
    expect(parseDomain(input, TLDS)).toEqual({ ok: false, code });
  });

  it('accepts 63 characters and 253 in all', () => {
    expect(labelToAscii(LONG_GREEK)).toHaveLength(65);
    expect(parseDomain(`${'a'.repeat(250)}.gr`, TLDS)).toEqual({ ok: false, code: ErrorCode.DOMAIN_MAX_LENGTH_REACHED }); // 253: not too long a search
    expect(parseDomain(`${'a'.repeat(63)}.gr`, TLDS)).toMatchObject({ ok: true });
    expect(parseDomain(`  ${'a'.repeat(60)}.gr  `, TLDS)).toMatchObject({ ok: true }); // surrounding blanks do not count
  });

  it.each([
    ['example.gr', 'latin'],
    ['καφές.gr', 'greek'],
    ['example.eu', 'latin'],
    ['καφές.eu', 'greek'],
    ['καφές.ευ', 'greek'],
    ['example.com', 'latin'],
    ['example.xxx', 'latin'],
    ['καφές.org.gr', 'greek'],
    ['24-7.gr', 'latin'],
  ])('accepts %s (%s)', (input, script) => {
    expect(parseDomain(input, TLDS)).toMatchObject({ ok: true, script });
  });

  it('gives equal registry keys to spelling variants', () => {
    const keys = ['Καφές.gr', 'καφες.gr', 'ΚΑΦΕΣ.gr', 'καφεσ.gr'].map((n) => {
      const p = parseDomain(n, TLDS);
      return p.ok ? p.registryKey : n;
    });
    expect(new Set(keys)).toEqual(new Set(['καφεσ.gr']));
  });

  it('round-trips its own output (property)', () => {
    const label = fc.string({ unit: fc.constantFrom(...'αβγδεζηθικλμνξοπρστυφχψωάέήίόύώ'), minLength: 1, maxLength: 20 });
    fc.assert(
      fc.property(label, fc.constantFrom('gr', 'ελ', 'ευ', 'eu', 'com.gr'), (l, tld) => {
        const first = parseDomain(`${l}.${tld}`, TLDS);
        if (!first.ok) return false;
        return JSON.stringify(parseDomain(first.asciiFqdn, TLDS)) === JSON.stringify(first) && JSON.stringify(parseDomain(first.fqdn, TLDS)) === JSON.stringify(first);
      }),
    );
  });
});

describe('parseKeyword', () => {
  it.each<[string, string, string | null]>([
    ['kafe', 'kafe', null],
    ['  Kafe ', 'kafe', null],
    ['kafe.', 'kafe', null],
    ['καφές', 'καφές', null],
    ['ΚΑΦΕΣ', 'καφες', null],
    ['καφεσ', 'καφες', null],
    ['kafe-bar', 'kafe-bar', null],
    ['24', '24', null],
    ['kafe.gr', 'kafe', 'gr'],
    ['www.kafe.gr', 'kafe', 'gr'],
    ['kafe.com.gr', 'kafe', 'com.gr'],
    ['καφές.ελ', 'καφές', 'ελ'],
    ['καφές.el', 'καφές', 'ελ'],
    ['καφές.el ', 'καφές', 'ελ'],
    ['καφές.xn--qxam', 'καφές', 'ελ'],
    ['καφές.ευ', 'καφές', 'ευ'],
  ])('%s → %s / %s', (input, label, tld) => {
    expect(parseKeyword(input, TLDS)).toEqual({ ok: true, label, tld, exact: tld !== null });
  });

  it('decodes an ACE keyword', () => {
    expect(parseKeyword(labelToAscii('καφές'), TLDS)).toEqual({ ok: true, label: 'καφές', tld: null, exact: false });
  });

  it.each<[string, number]>([
    ['', ErrorCode.EMPTY_SEARCH],
    ['  ', ErrorCode.EMPTY_SEARCH],
    ['k'.repeat(254), ErrorCode.TOO_LONG_SEARCH],
    ['kafe.zz', ErrorCode.NO_TLD],
    ['kafe.el', ErrorCode.NO_TLD], // without .ελ in the list there is no alias
    ['kafe bar', ErrorCode.DOMAIN_KEYWORD_NOT_VALID],
    ['kafe_bar', ErrorCode.DOMAIN_KEYWORD_NOT_VALID],
    ['kafe!', ErrorCode.DOMAIN_KEYWORD_NOT_VALID],
    ['-kafe', ErrorCode.DOMAIN_KEYWORD_NOT_VALID],
    ['kafe-', ErrorCode.DOMAIN_KEYWORD_NOT_VALID],
    ['ka--fe', ErrorCode.DOMAIN_KEYWORD_NOT_VALID],
    ['shop.kafe.gr', ErrorCode.DOMAIN_KEYWORD_NOT_VALID],
    ['k'.repeat(64), ErrorCode.DOMAIN_KEYWORD_NOT_VALID],
    [LONG_GREEK, ErrorCode.DOMAIN_KEYWORD_NOT_VALID], // 48 letters, but 65 in ACE
    ['café', ErrorCode.DOMAIN_KEYWORD_NOT_VALID],
    ['xn--example-', ErrorCode.DOMAIN_KEYWORD_NOT_VALID],
    ['.gr', ErrorCode.DOMAIN_KEYWORD_NOT_VALID],
    ['.kafe.gr', ErrorCode.DOMAIN_KEYWORD_NOT_VALID],
  ])('%s → %i', (input, code) => {
    const tlds = input === 'kafe.el' ? ['gr'] : TLDS;
    expect(parseKeyword(input, tlds)).toEqual({ ok: false, code });
  });
});

describe('labelAllowedForTld', () => {
  it.each<[string, string, boolean]>([
    // .ελ and .ευ: Greek only
    ['καφές', 'ελ', true],
    ['καφε-24', 'ελ', true],
    ['kafe', 'ελ', false],
    ['123', 'ελ', false],
    ['καφές', 'ευ', true],
    ['kafe', 'ευ', false],
    ['καφές', 'xn--qxam', true],
    // .gr family: Latin or Greek, not mixed
    ['kafe', 'gr', true],
    ['καφές', 'gr', true],
    ['kαfe', 'gr', false],
    ['καφές', 'com.gr', true],
    ['καφές', 'gov.gr', true],
    ['kafe', 'edu.gr', true],
    // .eu: Latin or Greek
    ['kafe', 'eu', true],
    ['καφές', 'eu', true],
    ['kafeκαφε', 'eu', false],
    // everything else: Latin only
    ['kafe', 'com', true],
    ['καφές', 'com', false],
    ['καφές', 'xxx', false],
    ['café', 'com', false],
    ['kafe_bar', 'com', false],
    ['', 'com', false],
  ])('%s under %s → %s', (label, tld, ok) => {
    expect(labelAllowedForTld(label, tld)).toBe(ok ? null : ErrorCode.DOMAIN_IS_NOT_VALID);
  });

  it('judges ACE labels by what they decode to', () => {
    expect(labelAllowedForTld(labelToAscii('καφές'), 'ελ')).toBeNull();
    expect(labelAllowedForTld(labelToAscii('καφές'), 'com')).toBe(ErrorCode.DOMAIN_IS_NOT_VALID);
  });

  it('never allows mixed scripts (property)', () => {
    const latin = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), minLength: 1, maxLength: 8 });
    const greek = fc.string({ unit: fc.constantFrom(...'αβγδεζηθικλμνξοπρστυφχψω'), minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(latin, greek, fc.boolean(), fc.constantFrom(...TLDS), (l, g, latinFirst, tld) =>
        labelAllowedForTld(latinFirst ? l + g : g + l, tld) === ErrorCode.DOMAIN_IS_NOT_VALID,
      ),
    );
  });

  it('names the policy of each TLD', () => {
    expect(scriptPolicyOf('.ΕΛ')).toBe('greek');
    expect(scriptPolicyOf('net.gr')).toBe('latin-or-greek');
    expect(scriptPolicyOf('eu')).toBe('latin-or-greek');
    expect(scriptPolicyOf('com')).toBe('latin');
  });
});
