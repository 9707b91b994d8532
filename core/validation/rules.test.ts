import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decodeMessage, MESSAGES, type ValidationMessage } from './messages';
import {
  ascii, asciiError, CHARACTER_SETS, charCount, charset, charsetError, checkbox, confirmationError, confirmed, digits, digitsError,
  domainName, domainNameError, duplicateIndexes, email, emailError, ERP_ID_MIN_LENGTH, erpId, erpIdError, hasGreek, hostingPassword,
  hostingPasswordError, international, internationalError, ipAddress, ipAddressError, isBlank, isEmail, isIpv4, isIpv6, lengthError,
  lengthRange, maxLength, minLength, nameServer, nameServerCount, nameServerCountError, nameServerError, numeric, numericError,
  optionalText, parseLocaleNumber, passwordStrength, passwordStrengthAtLeast, passwordStrengthError, pattern, patternError,
  requiredCheckbox, requiredContact, requiredContactError, requiredRadio, requiredSelect, requiredText, requiredWhen,
  SELECT_SEARCH_THRESHOLD, selectHasSearch, serverErrorIndex, strengthLabelKey, strengthLevel, subdomainPart, SUBDOMAIN_LENGTH,
  termsAccepted, uniqueFields, uniqueItems, valueError, valueMax, valueMin, whoisQuery, whoisQueryError,
} from './rules';

/** The decoded messages of a parse, with their paths ('' for the value itself). */
function errors(schema: z.ZodType, value: unknown): { path: string; key: string; params?: ValidationMessage['params'] }[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ path: issue.path.join('.'), ...decodeMessage(issue.message) }));
}
const keys = (schema: z.ZodType, value: unknown) => errors(schema, value).map((e) => e.key);
const key = (m: ValidationMessage | null) => m?.key ?? null;

describe('charCount', () => {
  it('counts code points of the NFC form', () => {
    expect(charCount('abc')).toBe(3);
    expect(charCount('😀')).toBe(1);
    expect(charCount('α\u0301')).toBe(1); // α + combining acute = ά
    expect(charCount('παράδειγμα')).toBe(10);
  });
});

describe('required', () => {
  it('refuses missing and blank text, with one message only', () => {
    const s = requiredText(email());
    expect(keys(s, undefined)).toEqual([MESSAGES.REQUIRED]);
    expect(keys(s, '')).toEqual([MESSAGES.REQUIRED]);
    expect(keys(s, '   ')).toEqual([MESSAGES.REQUIRED]);
    expect(keys(s, 'x')).toEqual([MESSAGES.EMAIL]);
    expect(keys(s, 'a@b.gr')).toEqual([]);
  });

  it('lets optional text be empty but judges what is typed', () => {
    const s = optionalText(email());
    expect(keys(s, undefined)).toEqual([]);
    expect(keys(s, '')).toEqual([]);
    expect(keys(s, 'nope')).toEqual([MESSAGES.EMAIL]);
    expect(keys(s, 5)).toEqual([MESSAGES.INVALID]);
  });

  it('needs a checked checkbox', () => {
    const s = requiredCheckbox();
    expect(keys(s, true)).toEqual([]);
    expect(keys(s, false)).toEqual([MESSAGES.REQUIRED]);
    expect(keys(s, undefined)).toEqual([MESSAGES.REQUIRED]);
    expect(keys(checkbox(), undefined)).toEqual([]);
    expect(keys(checkbox(), false)).toEqual([]);
  });

  it('needs a non-disabled select option with a value', () => {
    const s = requiredSelect([{ value: 'GR' }, { value: 'CY' }, { value: 'XX', disabled: true }]);
    expect(keys(s, 'GR')).toEqual([]);
    expect(keys(s, '')).toEqual([MESSAGES.REQUIRED]);
    expect(keys(s, undefined)).toEqual([MESSAGES.REQUIRED]);
    expect(keys(s, 'XX')).toEqual([MESSAGES.REQUIRED]);
    expect(keys(s, 'DE')).toEqual([MESSAGES.REQUIRED]);
    expect(keys(requiredSelect(), 'anything')).toEqual([]);
    expect(keys(requiredSelect(), ' ')).toEqual([MESSAGES.REQUIRED]);
  });

  it('needs one radio choice', () => {
    const s = requiredRadio(['email', 'sms']);
    expect(keys(s, 'sms')).toEqual([]);
    expect(keys(s, undefined)).toEqual([MESSAGES.REQUIRED]);
    expect(keys(s, 'fax')).toEqual([MESSAGES.REQUIRED]);
  });

  it('knows what blank is', () => {
    for (const v of [undefined, null, '', ' \t', false, []]) expect(isBlank(v)).toBe(true);
    for (const v of ['0', 0, true, ['a'], 'x']) expect(isBlank(v)).toBe(false);
  });
});

describe('requiredWhen', () => {
  const base = z.object({
    company: checkbox(),
    vat: optionalText(),
    kind: optionalText(),
    title: optionalText(),
    country: optionalText(),
    state: optionalText(),
  });
  const s = requiredWhen(base, [
    { field: 'vat', when: { checked: 'company' } },
    { field: 'title', when: { checked: 'kind', value: 'business' } },
    { field: 'state', when: { field: 'country', in: ['GR', 'CY'] } },
  ]);

  it('requires a field while its linked checkbox is checked', () => {
    expect(errors(s, { company: true })).toEqual([{ path: 'vat', key: MESSAGES.REQUIRED }]);
    expect(errors(s, { company: true, vat: '  ' })).toEqual([{ path: 'vat', key: MESSAGES.REQUIRED }]);
    expect(errors(s, { company: true, vat: 'EL123' })).toEqual([]);
    expect(errors(s, { company: false })).toEqual([]);
    expect(errors(s, {})).toEqual([]);
  });

  it('requires a field while a linked radio option is chosen', () => {
    expect(errors(s, { kind: 'business' })).toEqual([{ path: 'title', key: MESSAGES.REQUIRED }]);
    expect(errors(s, { kind: 'person' })).toEqual([]);
  });

  it("requires a field while a linked field's value is in a list", () => {
    expect(errors(s, { country: 'GR' })).toEqual([{ path: 'state', key: MESSAGES.REQUIRED }]);
    expect(errors(s, { country: 'CY', state: 'Λευκωσία' })).toEqual([]);
    expect(errors(s, { country: 'DE' })).toEqual([]);
  });

  it('reports together with the errors of other fields', () => {
    const withEmail = requiredWhen(z.object({ email: requiredText(email()), company: checkbox(), vat: optionalText() }), [
      { field: 'vat', when: { checked: 'company' } },
    ]);
    expect(errors(withEmail, { company: true }).map((e) => e.path).sort()).toEqual(['email', 'vat']);
  });
});

describe('length', () => {
  it('checks min, max and range on the character count, with the bounds', () => {
    expect(errors(requiredText(minLength(3)), 'ab')).toEqual([{ path: '', key: MESSAGES['LENGTH.MIN'], params: { min: 3 } }]);
    expect(keys(requiredText(minLength(3)), 'abc')).toEqual([]);
    expect(errors(requiredText(maxLength(3)), 'abcd')).toEqual([{ path: '', key: MESSAGES['LENGTH.MAX'], params: { max: 3 } }]);
    expect(keys(requiredText(maxLength(3)), 'abc')).toEqual([]);
    expect(errors(requiredText(lengthRange(2, 4)), 'a')[0]?.params).toEqual({ min: 2, max: 4 });
    expect(keys(requiredText(lengthRange(2, 4)), 'abcde')).toEqual([MESSAGES['LENGTH.RANGE']]);
    expect(keys(requiredText(lengthRange(2, 4)), 'abcd')).toEqual([]);
  });

  it('counts Greek letters and emoji as one character each', () => {
    expect(lengthError('άέή', { max: 3 })).toBeNull();
    expect(lengthError('😀😀😀', { max: 3 })).toBeNull();
    expect(key(lengthError('😀😀😀😀', { max: 3 }))).toBe(MESSAGES['LENGTH.MAX']);
  });

  it('leaves an empty value to the required rule', () => {
    expect(lengthError('', { min: 3 })).toBeNull();
    expect(keys(optionalText(minLength(3)), '')).toEqual([]);
  });
});

describe('international', () => {
  it('refuses any Greek character', () => {
    expect(keys(requiredText(international()), 'Athens')).toEqual([]);
    for (const v of ['Αθήνα', 'Athensς', 'café ά', 'ἀρχή']) expect(key(internationalError(v))).toBe(MESSAGES.INTERNATIONAL);
    expect(hasGreek('Zürich')).toBe(false);
    expect(hasGreek('α\u0301')).toBe(true);
  });
});

describe('email', () => {
  it('accepts ordinary addresses, including a trailing dot and an IDN domain', () => {
    for (const v of ['a@b.gr', 'first.last+tag@mail.example.com', 'info@παράδειγμα.gr', 'x@müller.de', 'a@b.gr.', "o'neil@x.ie"]) {
      expect(emailError(v), v).toBeNull();
    }
    expect(keys(requiredText(email()), 'a@b.gr')).toEqual([]);
  });

  it('refuses everything the spec refuses', () => {
    const bad = [
      'plain', // no '@'
      'a@@b.gr',
      'a@b@c.gr', // not exactly one '@'
      'a b@c.gr', // space in local part
      'ab@c d.gr', // space in domain
      'ab@c.gr ', // trailing space
      'a@localhost', // no dot
      'a@gr.', // the trailing dot does not count as the dot
      '@b.gr', // empty local part
      'a@', // empty domain
      'a@b..gr',
      'a@.b.gr', // empty label
      'a@b_c.gr', // invalid character
      'a@b.gr/x',
      'a\t@b.gr',
    ];
    for (const v of bad) expect(key(emailError(v)), v).toBe(MESSAGES.EMAIL);
    expect(isEmail('')).toBe(false);
    expect(isEmail('a@b.gr')).toBe(true);
  });
});

describe('character rules', () => {
  it('pattern: every character matches the field pattern', () => {
    expect(patternError('abc123', /[a-z0-9]/)).toBeNull();
    expect(key(patternError('abc-123', /[a-z0-9]/))).toBe(MESSAGES['ILLEGAL.CHARS']);
    expect(patternError('ABC', /[a-z]/i)).toBeNull();
    // A stateful flag must not make the second character fail.
    expect(patternError('aaaa', /[a]/g)).toBeNull();
    expect(keys(requiredText(pattern(/[a-z]/)), 'aB')).toEqual([MESSAGES['ILLEGAL.CHARS']]);
  });

  it('number: digits only', () => {
    expect(digitsError('0123456789')).toBeNull();
    for (const v of ['12a', '1.5', '-1', ' 1', '١٢']) expect(key(digitsError(v)), v).toBe(MESSAGES['ILLEGAL.CHARS']);
    expect(keys(requiredText(digits()), '42')).toEqual([]);
  });

  it('ascii: 7-bit, or 8-bit when extended', () => {
    expect(asciiError('Hello ~!@ 123')).toBeNull();
    expect(key(asciiError('café'))).toBe(MESSAGES.ASCII);
    expect(asciiError('café', { extended: true })).toBeNull();
    expect(key(asciiError('Œuvre', { extended: true }))).toBe(MESSAGES.ASCII); // Œ is U+0152
    expect(key(asciiError('αβγ', { extended: true }))).toBe(MESSAGES.ASCII);
    expect(keys(requiredText(ascii()), 'ÿ')).toEqual([MESSAGES.ASCII]);
    expect(keys(requiredText(ascii({ extended: true })), 'ÿ')).toEqual([]);
  });

  it('named sets: Greek letters with accents, dialytika and final sigma', () => {
    for (const v of ['αβγ', 'ΑΒΓ', 'ς', 'άέήίόύώ', 'ΐΰϊϋ', 'ΆΈΉΊΌΎΏΪΫ', 'Καλημέρας', 'α\u0301']) expect(charsetError(v, ['greek']), v).toBeNull();
    expect(key(charsetError('abc', ['greek']))).toBe(MESSAGES['ILLEGAL.CHARS']);
    expect(key(charsetError('ἀ', ['greek']))).toBe(MESSAGES['ILLEGAL.CHARS']); // polytonic is not in the set
    expect(CHARACTER_SETS.greek).toContain('ς');
  });

  it('named sets: Latin, digits, French, and extended adds . and -', () => {
    expect(charsetError('abcXYZ', ['latin'])).toBeNull();
    expect(key(charsetError('abc1', ['latin']))).toBe(MESSAGES['ILLEGAL.CHARS']);
    expect(charsetError('abc1', ['latin', 'digits'])).toBeNull();
    expect(charsetError('Hélène', ['latin', 'french'])).toBeNull();
    expect(key(charsetError('Hélène', ['latin']))).toBe(MESSAGES['ILLEGAL.CHARS']);
    expect(charsetError('çœÿ', ['french'])).toBeNull();
    expect(key(charsetError('ns1.example-gr', ['latin', 'digits']))).toBe(MESSAGES['ILLEGAL.CHARS']);
    expect(charsetError('ns1.example-gr', ['latin', 'digits', 'extended'])).toBeNull();
    expect(key(charsetError('a_b', ['latin', 'extended']))).toBe(MESSAGES['ILLEGAL.CHARS']);
    expect(keys(requiredText(charset('greek', 'extended')), 'Αθήνα-Πειραιάς')).toEqual([]);
  });
});

describe('numbers', () => {
  it('parses imperial and metric notation', () => {
    expect(parseLocaleNumber('1,234.56')).toBe(1234.56);
    expect(parseLocaleNumber('1.234,56')).toBe(1234.56);
    expect(parseLocaleNumber('1,234,567')).toBe(1234567);
    expect(parseLocaleNumber('1.234.567')).toBe(1234567);
    expect(parseLocaleNumber('1234.5')).toBe(1234.5);
    expect(parseLocaleNumber('1234,5')).toBe(1234.5);
    expect(parseLocaleNumber('42')).toBe(42);
    expect(parseLocaleNumber('-1.234,5')).toBe(-1234.5);
    expect(parseLocaleNumber('+7')).toBe(7);
    expect(parseLocaleNumber(' 12,5 ')).toBe(12.5);
    expect(parseLocaleNumber('0.234')).toBe(0.234);
    expect(parseLocaleNumber('-0')).toBe(0);
  });

  it('reads an ambiguous single group the preferred way, metric by default', () => {
    expect(parseLocaleNumber('1.234')).toBe(1234);
    expect(parseLocaleNumber('1,234')).toBe(1.234);
    expect(parseLocaleNumber('1.234', 'imperial')).toBe(1.234);
    expect(parseLocaleNumber('1,234', 'imperial')).toBe(1234);
    // Only one reading: no preference needed.
    expect(parseLocaleNumber('1.5', 'metric')).toBe(1.5);
    expect(parseLocaleNumber('12,5', 'imperial')).toBe(12.5);
  });

  it('refuses what is neither notation', () => {
    for (const v of ['', 'abc', '1,23,456', '1.234.56', '1,234.567,8', '1.', ',5', '1 234', '1e5', '--1', '0x10', '1,2.3,4', 'Infinity']) {
      expect(parseLocaleNumber(v), v).toBeNull();
    }
    expect(key(numericError('12a'))).toBe(MESSAGES.NUMERIC);
    expect(numericError('')).toBeNull();
    expect(keys(requiredText(numeric()), '1.234,56')).toEqual([]);
  });

  it('compares the parsed number with the bounds', () => {
    expect(valueError('1.234,56', { min: 1000 })).toBeNull();
    expect(valueError('1000', { min: 1000, max: 1000 })).toBeNull();
    expect(valueError('999,99', { min: 1000 })).toEqual({ key: MESSAGES['VALUES.MIN'], params: { min: 1000 } });
    expect(valueError('1.000,01', { max: 1000 })).toEqual({ key: MESSAGES['VALUES.MAX'], params: { max: 1000 } });
    expect(key(valueError('lots', { min: 1 }))).toBe(MESSAGES.NUMERIC);
    expect(keys(requiredText(valueMin(5)), '4')).toEqual([MESSAGES['VALUES.MIN']]);
    expect(keys(requiredText(valueMax(5)), '6')).toEqual([MESSAGES['VALUES.MAX']]);
    expect(keys(requiredText(valueMax(2000, 'imperial')), '1,234')).toEqual([]);
    expect(keys(requiredText(valueMax(2, 'metric')), '1,234')).toEqual([]);
  });
});

describe('erpId', () => {
  it('is empty or at least 18 characters, and says 18', () => {
    expect(ERP_ID_MIN_LENGTH).toBe(18);
    expect(erpIdError('')).toBeNull();
    expect(erpIdError('x'.repeat(18))).toBeNull();
    expect(erpIdError('x'.repeat(17))).toEqual({ key: MESSAGES.ERPID, params: { min: 18 } });
    expect(keys(optionalText(erpId()), 'short')).toEqual([MESSAGES.ERPID]);
    expect(keys(optionalText(erpId()), '')).toEqual([]);
  });
});

describe('hosting-panel password', () => {
  it('accepts 8–16 characters with upper, lower, digit and a listed special', () => {
    expect(hostingPasswordError('Abcdef1!')).toBeNull();
    expect(hostingPasswordError('Abcdefghijklm1?x')).toBeNull(); // 16
    for (const special of '~!@#$%*{}=:;-_+/?[]') expect(hostingPasswordError(`Abcdef1${special}`), special).toBeNull();
    expect(keys(requiredText(hostingPassword()), 'Abcdef1!')).toEqual([]);
  });

  it('refuses each missing requirement', () => {
    const bad = {
      tooShort: 'Abcde1!',
      tooLong: 'Abcdefghijklmn1!x', // 17
      noUpper: 'abcdef1!',
      noLower: 'ABCDEF1!',
      noDigit: 'Abcdefg!',
      noSpecial: 'Abcdefg1',
      unlistedSpecial: 'Abcdef1&',
      spaceIsNotSpecial: 'Abcdef1 ',
    };
    for (const [why, v] of Object.entries(bad)) expect(key(hostingPasswordError(v)), why).toBe(MESSAGES.PASSWORD);
    expect(hostingPasswordError('abc')?.params).toEqual({ min: 8, max: 16, specials: '~!@#$%*{}=:;-_+/?[]' });
  });
});

describe('password strength', () => {
  it('scores under 4 characters as 0', () => {
    expect(passwordStrength('')).toEqual({ score: 0, level: 0 });
    expect(passwordStrength('A1!')).toEqual({ score: 0, level: 0 });
  });

  it('adds each term of spec §5', () => {
    expect(passwordStrength('abcd').score).toBe(0); // only word characters: −10, clamped
    expect(passwordStrength('1234').score).toBe(0); // only digits
    expect(passwordStrength('abc1').score).toBe(5); // letter+digit 15 − 10
    expect(passwordStrength('abc123').score).toBe(10); // 3 digits 5 + letter+digit 15 − 10
    expect(passwordStrength('Abcd').score).toBe(0); // mixed 10 − 10
    expect(passwordStrength('Abc1').score).toBe(55); // mixed 10 + mixed+digit 40 + letter+digit 15 − 10
    expect(passwordStrength('abc!').score).toBe(15); // special+letter
    expect(passwordStrength('abc!!').score).toBe(20); // + 2 specials 5
    expect(passwordStrength('123!').score).toBe(20); // 3 digits 5 + special+digit 15
    expect(passwordStrength('abc1!').score).toBe(45); // 15 × 3
    expect(passwordStrength('Abc1!').score).toBe(95); // 10 + 40 + 45
    expect(passwordStrength('Abc123!!').score).toBe(100); // 5 + 5 + 10 + 40 + 45 = 105, clamped
    expect(passwordStrength('Abcdef123').score).toBe(60); // 5 + 10 + 40 + 15 − 10
  });

  it('treats Greek letters as letters with case', () => {
    expect(passwordStrength('Αβγδ1').score).toBe(55);
    expect(passwordStrength('αβγδ').score).toBe(0);
  });

  it('maps scores to levels, with exactly 60 at level 2', () => {
    expect([0, 19, 20, 39, 40, 59, 60, 61, 100].map(strengthLevel)).toEqual([0, 0, 1, 1, 2, 2, 2, 3, 3]);
    expect(passwordStrength('Abcdef123')).toEqual({ score: 60, level: 2 });
    expect(strengthLabelKey(2)).toBe('validation:strength.good');
    expect(strengthLabelKey(0)).toBe('validation:strength.very_bad');
  });

  it('requires the level, capped at 3', () => {
    expect(passwordStrengthError('Abcdef123', 2)).toBeNull();
    expect(passwordStrengthError('Abcdef123', 3)).toEqual({ key: MESSAGES.PASSWORD_STRENGTH, params: { level: 3, label: 'strong' } });
    expect(passwordStrengthError('Abc123!!', 9)).toBeNull(); // 9 → 3
    expect(key(passwordStrengthError('Abcdef123', 9))).toBe(MESSAGES.PASSWORD_STRENGTH);
    expect(passwordStrengthError('abcd', 0)).toBeNull();
    expect(keys(requiredText(passwordStrengthAtLeast(1)), 'abcd')).toEqual([MESSAGES.PASSWORD_STRENGTH]);
  });
});

describe('confirmation', () => {
  const s = confirmed(z.object({ password: optionalText(), password_confirm: optionalText() }), { field: 'password', confirm: 'password_confirm' });

  it('must equal the original when the original is filled', () => {
    expect(errors(s, { password: 'secret', password_confirm: 'secret' })).toEqual([]);
    expect(errors(s, { password: 'secret', password_confirm: 'Secret' })).toEqual([{ path: 'password_confirm', key: MESSAGES.NOTCONFIRMED }]);
    expect(errors(s, { password: 'secret' })).toEqual([{ path: 'password_confirm', key: MESSAGES.NOTCONFIRMED }]);
    expect(errors(s, { password_confirm: 'whatever' })).toEqual([]);
    expect(confirmationError('', 'x')).toBeNull();
  });
});

describe('unique', () => {
  it('marks each repeat, ignoring blanks, case and surrounding spaces', () => {
    expect(duplicateIndexes(['ns1.a.gr', 'ns2.a.gr', 'NS1.a.gr ', '', '', 'ns2.a.gr'])).toEqual([2, 5]);
    expect(duplicateIndexes(['a', 'A'], { normalize: (v) => v })).toEqual([]);
    const s = uniqueFields(z.object({ a: optionalText(), b: optionalText(), c: optionalText() }), ['a', 'b', 'c']);
    expect(errors(s, { a: 'x', b: 'y', c: 'x' })).toEqual([{ path: 'c', key: MESSAGES.UNIQUE }]);
    expect(errors(s, { a: 'x', b: 'y', c: 'z' })).toEqual([]);
    expect(errors(s, { a: '', b: '', c: 'z' })).toEqual([]);
  });

  it('works on an array field, pointing at the index', () => {
    const s = z.array(z.string()).check(uniqueItems());
    expect(errors(s, ['ns1.a.gr', 'ns1.a.gr'])).toEqual([{ path: '1', key: MESSAGES.UNIQUE }]);
    expect(errors(s, ['ns1.a.gr', 'ns2.a.gr'])).toEqual([]);
  });
});

describe('terms', () => {
  it('needs the box checked, with the terms or the GDPR message', () => {
    expect(keys(termsAccepted(), true)).toEqual([]);
    expect(keys(termsAccepted(), undefined)).toEqual([MESSAGES.TERMS]);
    expect(keys(termsAccepted(), false)).toEqual([MESSAGES.TERMS]);
    expect(keys(termsAccepted('gdpr.login.accept_all_above_label_error'), false)).toEqual(['validation:gdpr_accept_all_above_label_error']);
  });
});

describe('required_contact', () => {
  const contacts = [
    { id: 11, complete: true },
    { id: '12', complete: false },
  ];
  it('needs a selected, complete contact', () => {
    expect(requiredContactError('11', contacts)).toBeNull();
    expect(key(requiredContactError('', contacts))).toBe(MESSAGES.REQUIRED);
    expect(key(requiredContactError(undefined, contacts))).toBe(MESSAGES.REQUIRED);
    expect(key(requiredContactError('99', contacts))).toBe(MESSAGES.REQUIRED);
    expect(key(requiredContactError('12', contacts))).toBe(MESSAGES['CONTACT_PROFILES.MISSING']);
    expect(keys(requiredContact(contacts), '12')).toEqual([MESSAGES['CONTACT_PROFILES.MISSING']]);
    expect(keys(requiredContact(contacts), undefined)).toEqual([MESSAGES.REQUIRED]);
    expect(keys(requiredContact(contacts), '11')).toEqual([]);
  });
});

describe('IP addresses', () => {
  it('accepts IPv4 with parts 0–255', () => {
    for (const v of ['0.0.0.0', '192.0.2.1', '255.255.255.255', '10.0.0.9']) expect(ipAddressError(v), v).toBeNull();
    expect(keys(optionalText(ipAddress()), '192.0.2.1')).toEqual([]);
    expect(keys(optionalText(ipAddress()), '')).toEqual([]);
  });

  it('refuses IPv4 parts over 255, wrong counts and leading zeros', () => {
    for (const v of ['256.0.0.1', '1.2.3.999', '1.2.3', '1.2.3.4.5', '01.2.3.4', '1.2.3.0a', '1..2.3']) {
      expect(key(ipAddressError(v)), v).toBe(MESSAGES['IP.INVALID_SYNTAX']);
    }
  });

  it('accepts the IPv6 forms of RFC 4291, not only eight groups of four', () => {
    const good = [
      '2001:0db8:0000:0000:0000:ff00:0042:8329',
      '2001:db8:0:0:0:ff00:42:8329',
      '2001:db8::ff00:42:8329',
      '::1',
      '::',
      'fe80::',
      'FE80::1:2',
      '::ffff:192.0.2.128',
      '64:ff9b::192.0.2.33',
      '1:2:3:4:5:6:192.0.2.1',
      '1:2:3:4:5:6:7::',
    ];
    for (const v of good) expect(ipAddressError(v), v).toBeNull();
  });

  it('refuses broken IPv6', () => {
    const bad = [
      '1:2:3:4:5:6:7', // seven groups, no compression
      '1:2:3:4:5:6:7:8:9',
      '1::2::3', // two compressions
      ':::1',
      '12345::1', // five hex digits
      '1:2:3:4:5:6:7:8::',
      '::ffff:256.1.1.1',
      '::1.2.3', // short IPv4 tail
      '1:2:3:4:5:6:7:1.2.3.4', // IPv4 tail makes nine groups
    ];
    for (const v of bad) expect(key(ipAddressError(v)), v).toBe(MESSAGES['IP.INVALID_SYNTAX']);
  });

  it('refuses stray separators: lone leading/trailing ":" or ".", ":." and ".:"', () => {
    for (const v of [':1::2', '1::2:', '.1.2.3.4', '1.2.3.4.', '::.1', '1.:2', '::1:.2']) {
      expect(key(ipAddressError(v)), v).toBe(MESSAGES['IP.INVALID_SYNTAX']);
    }
  });

  it('refuses characters other than hex, ":" and "."', () => {
    for (const v of ['1.2.3.4 ', 'g::1', '1.2.3.4/24', 'fe80::1%eth0', '::1-2', 'localhost']) {
      expect(key(ipAddressError(v)), v).toBe(MESSAGES['IP.INVALID_CHARS']);
    }
  });

  it('tells the versions apart', () => {
    expect(isIpv4('1.2.3.4')).toBe(true);
    expect(isIpv6('1.2.3.4')).toBe(false);
    expect(isIpv6('::1')).toBe(true);
    expect(isIpv4('::1')).toBe(false);
  });
});

describe('nameservers', () => {
  const ns = { scope: 'name_server', idn: false } as const;
  const nsIdn = { scope: 'name_server', idn: true } as const;

  it('accepts full domain names, and is optional when empty', () => {
    for (const v of ['ns1.example.gr', 'ns-1.my-host.co.uk', 'NS1.EXAMPLE.COM', 'a.bc']) expect(nameServerError(v, ns), v).toBeNull();
    expect(nameServerError('', ns)).toBeNull();
    expect(keys(optionalText(nameServer(ns)), 'ns1.example.gr')).toEqual([]);
  });

  it('takes Greek labels only with IDN support', () => {
    expect(nameServerError('ns1.παράδειγμα.gr', nsIdn)).toBeNull();
    expect(nameServerError('ονόματα.ελ', nsIdn)).toBeNull();
    expect(key(nameServerError('ns1.παράδειγμα.gr', ns))).toBe(MESSAGES['NAME_SERVERS.INVALID_CHARS']);
  });

  it('refuses underscores and other characters', () => {
    for (const v of ['ns_1.example.gr', 'ns1.exa mple.gr', 'ns1.example.gr/', 'ns1@example.gr']) {
      expect(key(nameServerError(v, ns)), v).toBe(MESSAGES['NAME_SERVERS.INVALID_CHARS']);
      expect(key(nameServerError(v, nsIdn)), v).toBe(MESSAGES['NAME_SERVERS.INVALID_CHARS']);
    }
  });

  it('refuses edges, repeats and what does not look like a full domain', () => {
    const bad = [
      '.ns1.example.gr',
      'ns1.example.gr.',
      '-ns1.example.gr',
      'ns1.example.gr-',
      'ns1..example.gr',
      'ns--1.example.gr',
      'ns1-.example.gr',
      'ns1.-example.gr',
      'localhost', // one label
      '192.0.2.1', // numeric top level
      'ns1.example.g', // one-letter top level
      `${'a'.repeat(64)}.gr`,
    ];
    for (const v of bad) expect(key(nameServerError(v, ns)), v).toBe(MESSAGES['NAME_SERVERS.INVALID_SYNTAX']);
    expect(nameServerError(`${'a'.repeat(63)}.gr`, ns)).toBeNull();
  });

  it('counts the filled nameservers against the registry limits', () => {
    expect(nameServerCountError(['ns1.a.gr', '', undefined], { min: 2 })).toEqual({ key: 'errors:nameserver_do_not_cover_lower_limit', params: { min: 2 } });
    expect(nameServerCountError(['a.gr', 'b.gr', 'c.gr'], { min: 2, max: 2 })).toEqual({ key: 'errors:nameserver_exceed_upper_limit', params: { max: 2 } });
    expect(nameServerCountError(['a.gr', 'b.gr', ''], { min: 2, max: 2 })).toBeNull();
    expect(keys(z.array(z.string()).check(nameServerCount({ min: 2 })), ['a.gr'])).toEqual(['errors:nameserver_do_not_cover_lower_limit']);
  });

  it('reads the field index of a server error key', () => {
    expect(serverErrorIndex('name_servers.0')).toBe(0);
    expect(serverErrorIndex('ns.host.3')).toBe(3);
    expect(serverErrorIndex('name_servers')).toBeNull();
  });
});

describe('hosts', () => {
  const host = { scope: 'host', idn: false, fqdn: 'example.gr' } as const;
  const hostIdn = { scope: 'host', idn: true, fqdn: 'παράδειγμα.gr' } as const;

  it('accepts xxx.{fqdn} or the prefix alone', () => {
    for (const v of ['ns1', 'ns1.example.gr', 'NS1.EXAMPLE.GR', 'my-ns', 'a1-b2-c3']) expect(nameServerError(v, host), v).toBeNull();
    expect(nameServerError('ονομα.παράδειγμα.gr', hostIdn)).toBeNull();
    expect(nameServerError('ns1.ΠΑΡΆΔΕΙΓΜΑ.gr', hostIdn)).toBeNull();
    expect(keys(optionalText(nameServer(host)), 'ns1.example.gr')).toEqual([]);
  });

  it('refuses another domain and a dotted prefix', () => {
    for (const v of ['ns1.other.gr', 'a.b.example.gr', '.example.gr', 'ns1.example.gr.']) {
      expect(key(nameServerError(v, host)), v).toBe(MESSAGES['NAME_SERVERS.INVALID_SYNTAX']);
    }
  });

  it('allows a hyphen only between two words', () => {
    for (const v of ['-ns', 'ns-', 'n--s', '-ns.example.gr']) expect(key(nameServerError(v, host)), v).toBe(MESSAGES['NAME_SERVERS.INVALID_SYNTAX']);
  });

  it('refuses underscores, and Greek without IDN', () => {
    expect(key(nameServerError('ns_1', host))).toBe(MESSAGES['NAME_SERVERS.INVALID_CHARS']);
    expect(key(nameServerError('ονομα', host))).toBe(MESSAGES['NAME_SERVERS.INVALID_CHARS']);
    expect(nameServerError('ονομα', { ...host, idn: true })).toBeNull();
  });

  it('limits the prefix to 63 characters unless told otherwise', () => {
    expect(nameServerError('a'.repeat(63), host)).toBeNull();
    expect(nameServerError('a'.repeat(64), host)).toEqual({ key: MESSAGES['LENGTH.MAX'], params: { max: 63 } });
    expect(nameServerError('abcd', { ...host, prefixMax: 3 })).toEqual({ key: MESSAGES['LENGTH.MAX'], params: { max: 3 } });
  });
});

describe('domain names', () => {
  it('accepts Latin and Greek names with digits and single hyphens', () => {
    for (const v of ['example.gr', 'παράδειγμα.gr', 'καλημέρας.ελ', 'ΠΑΡΆΔΕΙΓΜΑ.ΕΛ', 'my-site1.com', 'example.com.gr', 'a.b.example.gr', 'ς.gr', 'παρα\u0301δειγμα.gr']) {
      expect(domainNameError(v), v).toBeNull();
    }
    expect(keys(optionalText(domainName()), 'παράδειγμα.gr')).toEqual([]);
  });

  it('refuses the spec list', () => {
    const bad = [
      'http://example.gr',
      '.example.gr',
      'example.gr.',
      '-example.gr',
      'example.gr-',
      'example-.gr',
      'example.-gr',
      'example..gr',
      'exa--mple.gr',
      'exa_mple.gr',
      'exa mple.gr',
      'müller.de', // not Latin or Greek letters
      'ἀρχή.gr', // polytonic
      'example.gr/path',
    ];
    for (const v of bad) expect(key(domainNameError(v)), v).toBe(MESSAGES['DOMAIN.INVALID']);
  });

  it('limits a label to 63 characters', () => {
    expect(domainNameError(`${'a'.repeat(63)}.gr`)).toBeNull();
    expect(domainNameError(`${'α'.repeat(63)}.gr`)).toBeNull();
    expect(domainNameError(`${'a'.repeat(64)}.gr`)).toEqual({ key: MESSAGES['DOMAIN.TOO_LONG'], params: { max: 63 } });
  });

  it('limits the sub-domain part in front of the registrable name to SUBDOMAIN_LENGTH 18', () => {
    expect(SUBDOMAIN_LENGTH).toBe(18);
    expect(subdomainPart('shop.blog.example.gr')).toBe('shop.blog');
    expect(subdomainPart('example.gr')).toBe('');
    expect(subdomainPart('example.com.gr')).toBe('');
    expect(subdomainPart('www.example.com.gr')).toBe('www');
    expect(subdomainPart('www.example.co.uk', ['co.uk'])).toBe('www');
    expect(subdomainPart('www.example.co.uk')).toBe('www.example');
    expect(domainNameError(`${'a'.repeat(18)}.example.gr`)).toBeNull();
    expect(domainNameError(`${'a'.repeat(9)}.${'b'.repeat(8)}.example.gr`)).toBeNull(); // 18 with the dot
    expect(domainNameError(`${'a'.repeat(19)}.example.gr`)).toEqual({ key: MESSAGES['DOMAIN.TOO_LONG'], params: { max: 18 } });
    expect(domainNameError(`${'a'.repeat(9)}.${'b'.repeat(9)}.example.gr`)).toEqual({ key: MESSAGES['DOMAIN.TOO_LONG'], params: { max: 18 } });
    // A long name under a second-level zone is not a sub-domain.
    expect(domainNameError(`${'a'.repeat(40)}.com.gr`)).toBeNull();
    expect(domainNameError(`${'a'.repeat(40)}.co.uk`)).toEqual({ key: MESSAGES['DOMAIN.TOO_LONG'], params: { max: 18 } });
    expect(domainNameError(`${'a'.repeat(40)}.co.uk`, { zones: ['co.uk'] })).toBeNull();
  });
});

describe('WHOIS search', () => {
  it('requires a domain of at least n characters, 3 by default', () => {
    expect(keys(whoisQuery(), '')).toEqual([MESSAGES.REQUIRED]);
    expect(keys(whoisQuery(), undefined)).toEqual([MESSAGES.REQUIRED]);
    expect(errors(whoisQuery(), 'ab')).toEqual([{ path: '', key: MESSAGES['WHOIS.MIN'], params: { min: 3 } }]);
    expect(keys(whoisQuery(), 'abc')).toEqual([]);
    expect(keys(whoisQuery(5), 'abcd')).toEqual([MESSAGES['WHOIS.MIN']]);
    expect(key(whoisQueryError('  ab  '))).toBe(MESSAGES['WHOIS.MIN']);
    expect(key(whoisQueryError(' '))).toBe(MESSAGES.REQUIRED);
    expect(whoisQueryError('αβγ')).toBeNull();
  });
});

describe('select search box', () => {
  it('appears from 9 options', () => {
    expect(SELECT_SEARCH_THRESHOLD).toBe(9);
    expect(selectHasSearch(8)).toBe(false);
    expect(selectHasSearch(9)).toBe(true);
    expect(selectHasSearch(10)).toBe(true);
  });
});
