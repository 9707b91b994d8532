import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decode, domainToAscii, domainToUnicode, encode, isAceLabel, labelToAscii, labelToUnicode } from './punycode';

const fromCodePoints = (...cps: number[]) => String.fromCodePoint(...cps);

// RFC 3492 §7.1 sample strings, as code points and their Punycode.
const RFC_SAMPLES: [name: string, text: string, punycode: string][] = [
  [
    '(A) Arabic (Egyptian)',
    fromCodePoints(0x644, 0x64a, 0x647, 0x645, 0x627, 0x628, 0x62a, 0x643, 0x644, 0x645, 0x648, 0x634, 0x639, 0x631, 0x628, 0x64a, 0x61f),
    'egbpdaj6bu4bxfgehfvwxn',
  ],
  ['(B) Chinese (simplified)', fromCodePoints(0x4ed6, 0x4eec, 0x4e3a, 0x4ec0, 0x4e48, 0x4e0d, 0x8bf4, 0x4e2d, 0x6587), 'ihqwcrb4cv8a8dqg056pqjye'],
  ['(C) Chinese (traditional)', fromCodePoints(0x4ed6, 0x5011, 0x7232, 0x4ec0, 0x9ebd, 0x4e0d, 0x8aaa, 0x4e2d, 0x6587), 'ihqwctvzc91f659drss3x8bo0yb'],
  [
    '(D) Czech',
    fromCodePoints(0x50, 0x72, 0x6f, 0x10d, 0x70, 0x72, 0x6f, 0x73, 0x74, 0x11b, 0x6e, 0x65, 0x6d, 0x6c, 0x75, 0x76, 0xed, 0x10d, 0x65, 0x73, 0x6b, 0x79),
    'Proprostnemluvesky-uyb24dma41a',
  ],
  ['(L) 3<nen>B<gumi><kinpachi><sensei>', fromCodePoints(0x33, 0x5e74, 0x42, 0x7d44, 0x91d1, 0x516b, 0x5148, 0x751f), '3B-ww4c5e180e575a65lsy2b'],
  ['(M) <amuro><namie>-with-SUPER-MONKEYS', `${fromCodePoints(0x5b89, 0x5ba4, 0x5948, 0x7f8e, 0x6075)}-with-SUPER-MONKEYS`, '-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n'],
  ['(Q) -> $1.00 <-', '-> $1.00 <-', '-> $1.00 <--'],
];

describe('RFC 3492 Punycode', () => {
  it.each(RFC_SAMPLES)('encodes %s', (_name, text, punycode) => {
    expect(encode(text)).toBe(punycode);
  });

  it.each(RFC_SAMPLES)('decodes %s', (_name, text, punycode) => {
    expect(decode(punycode)).toBe(text);
  });

  it('decodes upper-case digits too (RFC 3492 §5)', () => {
    expect(decode('EGBPDAJ6BU4BXFGEHFVWXN')).toBe(RFC_SAMPLES[0]?.[1]);
  });

  it('refuses malformed input', () => {
    expect(() => decode('qxa!')).toThrow(RangeError); // not a digit
    expect(() => decode('qxa6')).toThrow(RangeError); // truncated integer (needs a last digit below t)
    expect(() => decode('ε-qxam')).toThrow(RangeError); // non-basic before the delimiter
    expect(() => decode('99999999999999')).toThrow(RangeError); // overflow
  });

  it('round-trips any string of code points (property)', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => decode(encode(text)) === text));
  });

  it('round-trips Greek words (property)', () => {
    const greek = fc.string({ unit: fc.constantFrom(...'αβγδεζηθικλμνξοπρσςτυφχψωάέήίόύώϊϋΐΰ0123456789-'), minLength: 1, maxLength: 30 });
    fc.assert(fc.property(greek, (text) => decode(encode(text)) === text));
  });
});

describe('labels and names', () => {
  it('gives the ACE form of Greek labels', () => {
    expect(labelToAscii('ελ')).toBe('xn--qxam');
    expect(labelToAscii('ευ')).toBe('xn--qxa6a');
    expect(labelToAscii('ΕΛ')).toBe('xn--qxam'); // lower case first, as IDNA does
    expect(labelToAscii('ε\u03bb')).toBe('xn--qxam');
  });

  it('leaves ASCII labels alone apart from case', () => {
    expect(labelToAscii('example')).toBe('example');
    expect(labelToAscii('Example-1')).toBe('example-1');
  });

  it('keeps final sigma and accents distinct (no silent mapping)', () => {
    expect(labelToAscii('καφές')).not.toBe(labelToAscii('καφεσ'));
    expect(labelToAscii('καφές')).not.toBe(labelToAscii('καφες'));
  });

  it('matches the host mapping of the URL parser for lower-case Greek without final sigma', () => {
    // An independent implementation as an oracle; final sigma is excluded because UTS #46 (used by
    // URL) maps it, which is exactly what we do not want (see punycode.ts).
    const word = fc.string({ unit: fc.constantFrom(...'αβγδεζηθικλμνξοπρστυφχψωάέήίόύώ'), minLength: 1, maxLength: 20 });
    fc.assert(fc.property(word, (label) => new URL(`http://${label}.gr/`).hostname === `${labelToAscii(label)}.gr`));
  });

  it('decodes ACE labels', () => {
    expect(labelToUnicode('xn--qxam')).toBe('ελ');
    expect(labelToUnicode('XN--QXAM')).toBe('ελ');
    expect(labelToUnicode('xn--qxa6a')).toBe('ευ');
    expect(labelToUnicode('Example')).toBe('example');
  });

  it('refuses ACE labels that do not round-trip', () => {
    expect(() => labelToUnicode('xn--example-')).toThrow(RangeError); // decodes to plain ASCII
    expect(() => labelToUnicode('xn--zz!')).toThrow(RangeError);
    expect(isAceLabel('xn--qxam')).toBe(true);
    expect(isAceLabel('xn--example-')).toBe(false);
    expect(isAceLabel('qxam')).toBe(false);
  });

  it('round-trips labels (property)', () => {
    const label = fc.string({ unit: fc.constantFrom(...'abcxyz019-αβγδεζηθικλμνξοπρσςτυφχψωάέήίόύώϊϋΐΰ'), minLength: 1, maxLength: 30 });
    fc.assert(fc.property(label, (l) => labelToUnicode(labelToAscii(l)) === l));
  });

  it('converts whole names label by label', () => {
    expect(domainToAscii('καφές.ελ')).toBe(`${labelToAscii('καφές')}.xn--qxam`);
    expect(domainToAscii('example.com.gr')).toBe('example.com.gr');
    expect(domainToAscii('example.gr.')).toBe('example.gr.');
    expect(domainToUnicode('xn--qxam')).toBe('ελ');
    expect(domainToUnicode(domainToAscii('παράδειγμα.ευ'))).toBe('παράδειγμα.ευ');
  });
});
