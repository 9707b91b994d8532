// What kind of hosting a catalogue product type is (spec §3: types are 'hosting-*', 'hosting-wp-…',
// 'hosting-dedi…', or contain vps/dedi/semi). Shared by the provisioner's sandbox, fulfilment and
// the portal, so that all three agree on what a VPS is.
export const hostingKindNames = ['shared', 'wordpress', 'semi', 'vps', 'dedicated', 'free'] as const;
export type HostingKind = (typeof hostingKindNames)[number];

/** Null for anything the panel does not host (ssl, domain). */
export function hostingKindOf(productType: string): HostingKind | null {
  const t = productType.trim().toLowerCase();
  if (!t.startsWith('hosting') && !/vps|dedi|semi/.test(t)) return null;
  if (t.includes('free')) return 'free';
  if (t.includes('vps')) return 'vps';
  if (t.includes('dedi')) return 'dedicated';
  if (t.includes('semi')) return 'semi';
  if (t.includes('wp') || t.includes('wordpress')) return 'wordpress';
  return 'shared';
}

/** Servers have power actions, a reinstall and specs; the others have a control panel only. */
export function isServerKind(kind: HostingKind): boolean {
  return kind === 'vps' || kind === 'dedicated';
}
