// How a name is keyed across the product: the registry key (what a registry compares: for Greek, no
// accents and σ for ς, so 'καφές.gr' and 'καφεσ.gr' are one name) and the ASCII form that crosses the
// registry port. The TLD part is the display form ('gr', 'com.gr', 'ελ').
import { labelToAscii } from './punycode';
import { normaliseGreekLabel } from './names';

export function registryKeyFor(label: string, tld: string): string {
  return `${normaliseGreekLabel(label)}.${tld}`;
}

export function asciiFqdnFor(label: string, tld: string): string {
  return `${labelToAscii(label.normalize('NFC').toLowerCase())}.${tld.split('.').map((l) => labelToAscii(l)).join('.')}`;
}
