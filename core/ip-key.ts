// The subject of a per-IP rate limit (issue #10 §3). An IPv6 client usually holds a whole /64 (one
// home, one VPS): counting per address would let it rotate through 2^64 addresses, so IPv6 counts per
// /64 prefix. IPv4 stays per address. Forms are normalised first (compressed or not, any case, with
// brackets or a zone, IPv4-mapped), so that one prefix cannot appear under several spellings.

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function ipv4Bytes(text: string): number[] | null {
  const m = IPV4.exec(text);
  if (!m) return null;
  const bytes = m.slice(1).map(Number);
  return bytes.every((b) => b <= 255) ? bytes : null;
}

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
export function parseIpv6(text: string): number[] | null {
  let s = text;
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  // A dotted IPv4 tail (::ffff:1.2.3.4) stands for the last two groups: rewrite it in hex.
  const lastColon = s.lastIndexOf(':');
  if (lastColon >= 0 && s.slice(lastColon + 1).includes('.')) {
    const v4 = ipv4Bytes(s.slice(lastColon + 1));
    if (!v4) return null;
    s = `${s.slice(0, lastColon + 1)}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const read = (part: string): number[] | null => {
    if (part === '') return [];
    const out: number[] = [];
    for (const g of part.split(':')) {
      if (!/^[0-9a-f]{1,4}$/i.test(g)) return null;
      out.push(parseInt(g, 16));
    }
    return out;
  };
  const head = read(halves[0]!);
  const rest = halves.length === 2 ? read(halves[1]!) : [];
  if (!head || !rest) return null;
  const given = [...head, ...rest];
  if (halves.length === 1) return given.length === 8 ? given : null;
  if (given.length > 7) return null;
  return [...head, ...new Array<number>(8 - given.length).fill(0), ...rest];
}

export function rateLimitIpKey(ip: string): string {
  let s = ip.trim().toLowerCase();
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  if (ipv4Bytes(s)) return s;
  const groups = parseIpv6(s);
  if (!groups) return s;
  // ::ffff:a.b.c.d is an IPv4 client seen through a dual-stack socket: the IPv4 rule applies.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}
