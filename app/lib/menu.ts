// One menu configuration feeds the desktop main navigation, the side navigation and the mobile
// navigation (spec §2 "Mobile side navigation … built from a menu configuration"). Labels are i18n
// keys of the common namespace; groups decide what each user group sees (spec §6).
export type UserGroup = 'guest' | 'user' | 'admin' | 'support';

export type MenuLink = { key: string; to: string; groups?: UserGroup[]; descriptionKey?: string; adminHostOnly?: boolean };
export type MenuSection = { key: string; links: MenuLink[] };

export const MAIN_MENU: MenuSection[] = [
  {
    key: 'nav.domains',
    links: [
      { key: 'nav.domain_search', to: '/#domain-search', descriptionKey: 'nav.domain_search_desc' },
      { key: 'nav.domain_prices', to: '/domains/prices', descriptionKey: 'nav.domain_prices_desc' },
      { key: 'nav.domain_gr', to: '/domains/prices?category=greek', descriptionKey: 'nav.domain_gr_desc' },
      { key: 'nav.domain_eu', to: '/domains/prices?category=european', descriptionKey: 'nav.domain_eu_desc' },
      { key: 'nav.domain_transfer', to: '/domains/metafora', descriptionKey: 'nav.domain_transfer_desc' },
      { key: 'nav.domain_whois', to: '/domains/whois', descriptionKey: 'nav.domain_whois_desc' },
    ],
  },
  {
    key: 'nav.hosting',
    links: [
      { key: 'nav.hosting_linux', to: '/hosting/shared-linux', descriptionKey: 'nav.hosting_linux_desc' },
      { key: 'nav.hosting_windows', to: '/hosting/shared-windows', descriptionKey: 'nav.hosting_windows_desc' },
      { key: 'nav.hosting_wordpress', to: '/hosting/wordpress', descriptionKey: 'nav.hosting_wordpress_desc' },
      { key: 'nav.hosting_semi', to: '/hosting/semi-dedicated', descriptionKey: 'nav.hosting_semi_desc' },
    ],
  },
  {
    key: 'nav.servers',
    links: [
      { key: 'nav.servers_vps', to: '/hosting/cloud-vps', descriptionKey: 'nav.servers_vps_desc' },
      { key: 'nav.servers_dedicated', to: '/hosting/dedicated', descriptionKey: 'nav.servers_dedicated_desc' },
    ],
  },
  {
    key: 'nav.ssl',
    links: [
      { key: 'nav.ssl_certificates', to: '/ssl', descriptionKey: 'nav.ssl_certificates_desc' },
      { key: 'nav.ssl_wildcard', to: '/ssl#wildcard', descriptionKey: 'nav.ssl_wildcard_desc' },
    ],
  },
];

/** The side navigation's sections of spec §2: Account, Cart, Support, Language (+ Price Settings). */
export const ACCOUNT_LINKS: MenuLink[] = [
  { key: 'account.login', to: '/auth/login', groups: ['guest'] },
  { key: 'account.register', to: '/auth/register', groups: ['guest'] },
  { key: 'account.dashboard', to: '/account', groups: ['user', 'admin'] },
  { key: 'account.domains', to: '/account/domains', groups: ['user', 'admin'] },
  { key: 'account.contacts', to: '/account/contacts', groups: ['user', 'admin'] },
  { key: 'account.security', to: '/account/security', groups: ['user', 'admin'] },
  // Straight to the preferences page (decision 036); the openPref cookie of spec §2 still opens it from /account.
  { key: 'account.preferences', to: '/account/preferences', groups: ['user', 'admin'] },
  { key: 'account.admin', to: '/admin', groups: ['admin', 'support'], adminHostOnly: true },
];

/**
 * Spec §2/§6: the hosting header and its action links differ by has_pbas_account: a customer with a
 * control-panel account gets their services and the panel login; one without, the way to the plans.
 */
export const HOSTING_LINKS: MenuLink[] = [
  { key: 'hosting:menu.my_services', to: '/account/hosting' },
  { key: 'hosting:menu.panel_login', to: '/account/hosting/panel' },
];
export const GET_HOSTING_LINKS: MenuLink[] = [{ key: 'hosting:menu.get_hosting', to: '/hosting/shared-linux' }];

export function hostingLinksFor(hasPbasAccount: boolean): MenuLink[] {
  return hasPbasAccount ? HOSTING_LINKS : GET_HOSTING_LINKS;
}

export const SUPPORT_LINKS: MenuLink[] = [
  { key: 'support.contact', to: '/support#contact' },
  { key: 'support.faq', to: '/support#faq' },
  { key: 'support.whois', to: '/domains/whois' },
];

export function linksFor(links: MenuLink[], group: UserGroup, isAdminHost = false): MenuLink[] {
  return links.filter((l) => (!l.groups || l.groups.includes(group)) && (!l.adminHostOnly || isAdminHost));
}

/**
 * Spec §6: guests have no logout link; customers get logout choice 1; every other group (admins,
 * back-office users) choice 2, which also names the back office.
 */
export function logoutVariant(group: UserGroup): 'none' | 'customer' | 'staff' {
  return group === 'guest' ? 'none' : group === 'user' ? 'customer' : 'staff';
}

/** Spec §9: the mobile navigation is used below 1024 px and closes itself above it. */
export const MOBILE_NAV_MAX_WIDTH = 1024;
