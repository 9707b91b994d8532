// URL slugs of the hosting pages and the catalog families each shows.
import type { ProductFamily } from '../../core/catalog';

export const HOSTING_PAGES = {
  'shared-linux': { families: ['shared_linux'], titleKey: 'catalog:families.shared_linux.title', descKey: 'catalog:families.shared_linux.description' },
  'shared-windows': { families: ['shared_windows'], titleKey: 'catalog:families.shared_windows.title', descKey: 'catalog:families.shared_windows.description' },
  wordpress: { families: ['wordpress'], titleKey: 'catalog:families.wordpress.title', descKey: 'catalog:families.wordpress.description' },
  'semi-dedicated': { families: ['semi_dedicated'], titleKey: 'catalog:families.semi_dedicated.title', descKey: 'catalog:families.semi_dedicated.description' },
  'cloud-vps': { families: ['cloud_vps'], titleKey: 'catalog:families.cloud_vps.title', descKey: 'catalog:families.cloud_vps.description' },
  dedicated: { families: ['dedicated'], titleKey: 'catalog:families.dedicated.title', descKey: 'catalog:families.dedicated.description' },
} as const satisfies Record<string, { families: readonly ProductFamily[]; titleKey: string; descKey: string }>;

export type HostingSlug = keyof typeof HOSTING_PAGES;

export function isHostingSlug(value: string | undefined): value is HostingSlug {
  return value !== undefined && Object.prototype.hasOwnProperty.call(HOSTING_PAGES, value);
}
