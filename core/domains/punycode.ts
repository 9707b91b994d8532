// Punycode (RFC 3492) and the ACE form of labels ('ελ' ↔ 'xn--qxam'), written for this shop.
//
// Registries, DNS and WHOIS only speak ASCII, so every Greek name the shop sells travels as its
// 'xn--' form and is shown to people in Greek. Node's `punycode` module is deprecated and not
// available in workerd, and the URL parser's host mapping (UTS #46) would silently rewrite names
// (for instance final sigma), which a registrar must never do behind the customer's back.

// RFC 3492 §5 "Parameter values for Punycode".
const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 0x80;
const DELIMITER = '-';
// RFC 3492 §6.4: the reference implementation works in 32-bit unsigned integers; keeping the same
// ceiling makes hostile input ('xn--99999999999') fail as an overflow instead of decoding to junk.
const MAX_INT = 0x7fffffff;

/** The prefix of an internationalised label in DNS (RFC 5890 §2.3.2.5). */
export const ACE_PREFIX = 'xn--';

/** RFC 3492 §6.1: bias adaptation after each delta. */
function adapt(delta: number, numPoints: number, firstTime: boolean): number {
  let d = firstTime ? Math.floor(delta / DAMP) : delta >> 1;
  d += Math.floor(d / numPoints);
  let k = 0;
  while (d > ((BASE - T_MIN) * T_MAX) >> 1) {
    d = Math.floor(d / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * d) / (d + SKEW));
}

/** 0–25 → 'a'–'z', 26–35 → '0'–'9'. Lower case: the encoder never emits upper-case digits. */
function digitToChar(digit: number): string {
  return String.fromCharCode(digit < 26 ? 97 + digit : 22 + digit);
}

/** A basic code point as a digit value, either case accepted (RFC 3492 §5); BASE when it is none. */
function charToDigit(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 22; // '0'–'9' → 26–35
  if (code >= 0x41 && code <= 0x5a) return code - 0x41; // 'A'–'Z'
  if (code >= 0x61 && code <= 0x7a) return code - 0x61; // 'a'–'z'
  return BASE;
}

function threshold(k: number, bias: number): number {
  if (k <= bias) return T_MIN;
  if (k >= bias + T_MAX) return T_MAX;
  return k - bias;
}

/**
 * RFC 3492 §6.3. Encodes any string of code points; basic (ASCII) code points are copied as they
 * are, case included, so the caller decides about case (see labelToAscii).
 * @throws RangeError on overflow (only reachable with inputs far longer than any DNS label).
 */
export function encode(input: string): string {
  const codePoints = Array.from(input, (ch) => ch.codePointAt(0) ?? 0);
  const basic = codePoints.filter((cp) => cp < INITIAL_N);
  let output = String.fromCharCode(...basic);
  const basicCount = basic.length;
  let handled = basicCount;
  if (basicCount > 0) output += DELIMITER;

  let n = INITIAL_N;
  let delta = 0;
  let bias = INITIAL_BIAS;
  while (handled < codePoints.length) {
    // The smallest code point not handled yet: insertions happen in code point order.
    let m = Number.MAX_SAFE_INTEGER;
    for (const cp of codePoints) if (cp >= n && cp < m) m = cp;
    if (m - n > Math.floor((MAX_INT - delta) / (handled + 1))) throw new RangeError('punycode overflow');
    delta += (m - n) * (handled + 1);
    n = m;
    for (const cp of codePoints) {
      if (cp < n) {
        delta += 1;
        if (delta > MAX_INT) throw new RangeError('punycode overflow');
      }
      if (cp === n) {
        // Emit delta as a generalised variable-length integer.
        let q = delta;
        for (let k = BASE; ; k += BASE) {
          const t = threshold(k, bias);
          if (q < t) break;
          output += digitToChar(t + ((q - t) % (BASE - t)));
          q = Math.floor((q - t) / (BASE - t));
        }
        output += digitToChar(q);
        bias = adapt(delta, handled + 1, handled === basicCount);
        delta = 0;
        handled += 1;
      }
    }
    delta += 1;
    n += 1;
  }
  return output;
}

/**
 * RFC 3492 §6.2. The inverse of `encode`; digits may be of either case.
 * @throws RangeError when the input is not valid Punycode.
 */
export function decode(input: string): string {
  const lastDelimiter = input.lastIndexOf(DELIMITER);
  const basicEnd = lastDelimiter < 0 ? 0 : lastDelimiter;
  const output: number[] = [];
  for (let j = 0; j < basicEnd; j++) {
    const code = input.charCodeAt(j);
    if (code >= INITIAL_N) throw new RangeError('punycode: non-basic code point before the delimiter');
    output.push(code);
  }

  let n = INITIAL_N;
  let i = 0;
  let bias = INITIAL_BIAS;
  // The delimiter is only there when basic code points were copied.
  let pos = basicEnd > 0 ? basicEnd + 1 : 0;
  while (pos < input.length) {
    const oldI = i;
    let w = 1;
    for (let k = BASE; ; k += BASE) {
      if (pos >= input.length) throw new RangeError('punycode: truncated input');
      const digit = charToDigit(input.charCodeAt(pos++));
      if (digit >= BASE) throw new RangeError('punycode: invalid digit');
      if (digit > Math.floor((MAX_INT - i) / w)) throw new RangeError('punycode overflow');
      i += digit * w;
      const t = threshold(k, bias);
      if (digit < t) break;
      if (w > Math.floor(MAX_INT / (BASE - t))) throw new RangeError('punycode overflow');
      w *= BASE - t;
    }
    const length = output.length + 1;
    bias = adapt(i - oldI, length, oldI === 0);
    if (Math.floor(i / length) > MAX_INT - n) throw new RangeError('punycode overflow');
    n += Math.floor(i / length);
    i %= length;
    // A basic code point may only come from the copied part, and surrogates are not characters.
    if (n < INITIAL_N || n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) throw new RangeError('punycode: invalid code point');
    output.splice(i, 0, n);
    i += 1;
  }
  return String.fromCodePoint(...output);
}

const isAscii = (text: string): boolean => /^[\x00-\x7f]*$/.test(text);

/**
 * One label in its DNS (ACE) form: 'ελ' → 'xn--qxam', 'Example' → 'example'. The label is put in NFC
 * and lower case first, as IDNA does, so that 'ΕΛ' and 'ελ' typed with a combining accent give the
 * same ACE. Nothing else is mapped: final sigma stays final sigma (IDNA 2008), because whether
 * 'ς' and 'σ' are the same name is a registry rule (see names.ts), not an encoding one.
 */
export function labelToAscii(label: string): string {
  const text = label.normalize('NFC').toLowerCase();
  return isAscii(text) ? text : ACE_PREFIX + encode(text);
}

/**
 * One label in Unicode: 'xn--qxam' → 'ελ'; a label without the ACE prefix is only lower-cased.
 * @throws RangeError when an 'xn--' label is not the ACE form of a Unicode label: bad Punycode, or a
 * decoding that does not encode back to the same text (RFC 5891 §5.4). The round trip refuses
 * look-alikes such as 'xn--example-' (decodes to plain 'example') or upper-case Greek in disguise.
 */
export function labelToUnicode(label: string): string {
  const lower = label.toLowerCase();
  if (!lower.startsWith(ACE_PREFIX)) return lower;
  const decoded = decode(lower.slice(ACE_PREFIX.length));
  if (isAscii(decoded) || labelToAscii(decoded) !== lower) throw new RangeError(`not a valid ACE label: ${label}`);
  return decoded;
}

/** Whether a label is a well-formed ACE label ('xn--' and a Punycode that round-trips). */
export function isAceLabel(label: string): boolean {
  if (!label.toLowerCase().startsWith(ACE_PREFIX)) return false;
  try {
    labelToUnicode(label);
    return true;
  } catch {
    return false;
  }
}

/** A whole name label by label: 'καφές.ελ' → 'xn--...-.xn--qxam'. Empty labels (a trailing dot) stay empty. */
export function domainToAscii(name: string): string {
  return name.split('.').map((label) => (label === '' ? label : labelToAscii(label))).join('.');
}

/** A whole name label by label: 'xn--qxam' parts become Greek. @throws RangeError like labelToUnicode. */
export function domainToUnicode(name: string): string {
  return name.split('.').map(labelToUnicode).join('.');
}
