// Greek is the default language; English is the second (DESIGN.md "Pages and forms").
export const SUPPORTED_LANGUAGES = ['el', 'en'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'el';
export const NAMESPACES = ['common', 'errors', 'catalog', 'countries', 'validation', 'auth', 'domains', 'cart', 'checkout', 'admin', 'portal', 'mydomains', 'nameservers', 'contacts', 'transfers', 'documents', 'paying', 'refunds', 'legal', 'mydata', 'billing', 'staff', 'admindomains', 'admincustomers', 'admincoupons', 'admincatalog', 'hosting', 'servers', 'adminhosting', 'freehosting', 'notifications', 'newsletter', 'privacy', 'archive', 'policies', 'mail'] as const;
export type Namespace = (typeof NAMESPACES)[number];
/**
 * Namespaces the browser never loads: the long texts of the legal pages (issue #25 §3) are rendered
 * by their page's loader, so they do not weigh on every page's translation download.
 */
export const SERVER_ONLY_NAMESPACES: readonly Namespace[] = ['policies', 'mail'];
export const DEFAULT_NAMESPACE: Namespace = 'common';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}
