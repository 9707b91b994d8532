// Both languages for the server; the browser fetches only the page's language as JSON
// (app/routes/locales.$lng.ts, app/entry.client.tsx).
import elAdmin from './el/admin.json';
import elAuth from './el/auth.json';
import elCart from './el/cart.json';
import elCatalog from './el/catalog.json';
import elCheckout from './el/checkout.json';
import elCommon from './el/common.json';
import elCountries from './el/countries.json';
import elDomains from './el/domains.json';
import elErrors from './el/errors.json';
import elValidation from './el/validation.json';
import enAdmin from './en/admin.json';
import enAuth from './en/auth.json';
import enCart from './en/cart.json';
import enCatalog from './en/catalog.json';
import enCheckout from './en/checkout.json';
import enCommon from './en/common.json';
import enCountries from './en/countries.json';
import enDomains from './en/domains.json';
import enErrors from './en/errors.json';
import enValidation from './en/validation.json';
import elPortal from './el/portal.json';
import elMydomains from './el/mydomains.json';
import elNameservers from './el/nameservers.json';
import elContacts from './el/contacts.json';
import elTransfers from './el/transfers.json';
import enPortal from './en/portal.json';
import enMydomains from './en/mydomains.json';
import enNameservers from './en/nameservers.json';
import enContacts from './en/contacts.json';
import enTransfers from './en/transfers.json';
import elDocuments from './el/documents.json';
import elPaying from './el/paying.json';
import elRefunds from './el/refunds.json';
import elLegal from './el/legal.json';
import elMydata from './el/mydata.json';
import elBilling from './el/billing.json';
import enDocuments from './en/documents.json';
import enPaying from './en/paying.json';
import enRefunds from './en/refunds.json';
import enLegal from './en/legal.json';
import enMydata from './en/mydata.json';
import enBilling from './en/billing.json';
import elPolicies from './el/policies.json';
import elMail from './el/mail.json';
import enPolicies from './en/policies.json';
import enMail from './en/mail.json';
import { SERVER_ONLY_NAMESPACES } from './config';
// The back office's areas (issue #22), one namespace each.
import elAdmindomains from './el/admindomains.json';
import elAdmincustomers from './el/admincustomers.json';
import elAdmincoupons from './el/admincoupons.json';
import elAdmincatalog from './el/admincatalog.json';
import elStaff from './el/staff.json';
import enAdmindomains from './en/admindomains.json';
import enAdmincustomers from './en/admincustomers.json';
import enAdmincoupons from './en/admincoupons.json';
import enAdmincatalog from './en/admincatalog.json';
import enStaff from './en/staff.json';
import elHosting from './el/hosting.json';
import enHosting from './en/hosting.json';
import elServers from './el/servers.json';
import enServers from './en/servers.json';
import elAdminhosting from './el/adminhosting.json';
import enAdminhosting from './en/adminhosting.json';
import elFreehosting from './el/freehosting.json';
import enFreehosting from './en/freehosting.json';
import elNotifications from './el/notifications.json';
import enNotifications from './en/notifications.json';
import elNewsletter from './el/newsletter.json';
import enNewsletter from './en/newsletter.json';
import elPrivacy from './el/privacy.json';
import enPrivacy from './en/privacy.json';
import elArchive from './el/archive.json';
import enArchive from './en/archive.json';

const el = { common: elCommon, errors: elErrors, catalog: elCatalog, countries: elCountries, validation: elValidation, auth: elAuth, domains: elDomains, cart: elCart, checkout: elCheckout, admin: elAdmin, portal: elPortal, mydomains: elMydomains, nameservers: elNameservers, contacts: elContacts, transfers: elTransfers, documents: elDocuments, paying: elPaying, refunds: elRefunds, legal: elLegal, mydata: elMydata, billing: elBilling, admindomains: elAdmindomains, admincustomers: elAdmincustomers, admincoupons: elAdmincoupons, admincatalog: elAdmincatalog, staff: elStaff, hosting: elHosting, servers: elServers, adminhosting: elAdminhosting, freehosting: elFreehosting, notifications: elNotifications, newsletter: elNewsletter, privacy: elPrivacy, archive: elArchive, policies: elPolicies, mail: elMail };
const en = { common: enCommon, errors: enErrors, catalog: enCatalog, countries: enCountries, validation: enValidation, auth: enAuth, domains: enDomains, cart: enCart, checkout: enCheckout, admin: enAdmin, portal: enPortal, mydomains: enMydomains, nameservers: enNameservers, contacts: enContacts, transfers: enTransfers, documents: enDocuments, paying: enPaying, refunds: enRefunds, legal: enLegal, mydata: enMydata, billing: enBilling, admindomains: enAdmindomains, admincustomers: enAdmincustomers, admincoupons: enAdmincoupons, admincatalog: enAdmincatalog, staff: enStaff, hosting: enHosting, servers: enServers, adminhosting: enAdminhosting, freehosting: enFreehosting, notifications: enNotifications, newsletter: enNewsletter, privacy: enPrivacy, archive: enArchive, policies: enPolicies, mail: enMail };

export const resources = { el, en };
export type Resources = typeof el;

/** FNV-1a over the serialised resources: changes whenever any text changes (cache busting). */
function fingerprint(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/** What the browser downloads: every namespace but the server-only ones (i18n/config.ts). */
function forBrowser(all: Record<string, unknown>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(all).filter(([ns]) => !(SERVER_ONLY_NAMESPACES as readonly string[]).includes(ns))));
}

export const RESOURCES_JSON = { el: forBrowser(el), en: forBrowser(en) } as const;
export const RESOURCES_VERSION = { el: fingerprint(RESOURCES_JSON.el), en: fingerprint(RESOURCES_JSON.en) } as const;
