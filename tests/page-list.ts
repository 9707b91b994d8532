// Every page of the app, in one place (issue #11 §1, decision 026): the quality layer
// (tests/e2e/quality.spec.ts: axe-core, the Nu HTML Checker, screenshots, sideways scroll) visits each
// entry with the role it needs, and the worker test that renders every page in el and en reads the
// same list. A new file in app/routes/ must join PAGES (or NOT_PAGES, with the reason it is no page):
// tests/page-list.test.ts fails until it does.
//
// Paths may hold placeholders the browser layer fills in after creating the state they need:
// {cartItem} a VPS line of the customer's cart, {sslItem} a multi-domain certificate line with extra
// domains, {order} an unpaid order, {payment} its sandbox card payment, {mail} a message of the mail
// queue (the staff e-mail log's detail, created through /api/dev/mail). Pages with a placeholder are
// skipped where that state does not exist (the worker test).

/** Who must be logged in to see the page: nobody, the demo customer, or staff on the admin host. */
export type Role = 'guest' | 'customer' | 'staff';

export type PageEntry = {
  /** Short, unique, file-name safe: screenshots are test-results/screens/<name>-390.png. */
  name: string;
  /** The route file in app/routes/ (without extension) that renders it. */
  route: string;
  /** Path and query; staff pages are opened on the admin host. */
  path: string;
  role: Role;
  /** The HTTP status the page is served with (200 unless said). */
  status?: number;
  /** Needs the cart, order and payment the browser layer creates for the customer first. */
  withCart?: boolean;
  /** Set when the browser layer cannot reach the page, with the reason (it is still listed). */
  browserSkip?: string;
};

export type NotAPage = { route: string; reason: string };

const guest = (name: string, route: string, path: string, extra: Partial<PageEntry> = {}): PageEntry => ({ name, route, path, role: 'guest', ...extra });
const customer = (name: string, route: string, path: string, extra: Partial<PageEntry> = {}): PageEntry => ({ name, route, path, role: 'customer', ...extra });
const staff = (name: string, route: string, path: string, extra: Partial<PageEntry> = {}): PageEntry => ({ name, route, path, role: 'staff', ...extra });

export const PAGES: PageEntry[] = [
  // Storefront
  guest('home', '_index', '/'),
  guest('prices', 'domains.prices', '/domains/prices'),
  guest('prices-greek', 'domains.prices', '/domains/prices?category=greek'),
  guest('search-results', 'domains.search', '/domains/search?q=kafeneio'),
  guest('whois-taken', 'domains.whois', '/domains/whois?domain=google.gr'),
  // The legal documents (issue #25 §3): one route; the terms (sections and lists) and the cookie policy (its table) stand for the four.
  guest('legal-terms', 'legal.$slug', '/legal/terms'),
  guest('legal-cookies', 'legal.$slug', '/legal/cookies'),
  guest('transfer', 'domains.metafora', '/domains/metafora'),
  // Every hosting family: each has its own texts and plan options.
  ...['shared-linux', 'shared-windows', 'wordpress', 'semi-dedicated', 'cloud-vps', 'dedicated'].map((f) => guest(`hosting-${f}`, 'hosting.$family', `/hosting/${f}`)),
  guest('ssl', 'ssl', '/ssl'),
  guest('support', 'support', '/support'),
  guest('settings', 'settings', '/settings'),
  guest('not-found', '$', '/no-such-page', { status: 404 }),
  guest('access-denied', 'access_denied', '/access_denied'),
  guest('cart-empty', 'cart', '/cart'),
  guest('dev-mailbox', 'dev.mailbox', '/dev/mailbox'),
  // Every mail template's example (issue #33 §4), in both languages.
  guest('dev-mail-templates', 'dev.mailbox_.templates', '/dev/mailbox/templates?lang=el'),
  guest('dev-mail-templates-en', 'dev.mailbox_.templates', '/dev/mailbox/templates?lang=en'),
  // Accounts
  guest('login', 'auth.login', '/auth/login'),
  // The GDPR approval at login (issue #24 §3): opened by itself it says no login is waiting.
  guest('login-approval', 'auth.login_.approval', '/auth/login/approval'),
  guest('register', 'auth.register', '/auth/register'),
  guest('reset', 'auth.reset', '/auth/reset'),
  guest('verify-email', 'auth.verify-email', '/auth/verify-email?token=not-a-real-token'),
  // The newsletter's public pages (issue #24 §2): the form, its no-JS confirmation question, the
  // confirmation link and the one-click unsubscribe page (an unknown link: the page says so).
  guest('newsletter', 'newsletter._index', '/newsletter'),
  guest('newsletter-ask', 'newsletter._index', '/newsletter?email=someone%40example.gr'),
  guest('newsletter-confirm', 'newsletter.confirm', '/newsletter/confirm?token=not-a-real-token'),
  guest('newsletter-unsubscribe', 'newsletter.unsubscribe', '/newsletter/unsubscribe?token=1.not-a-real-token-at-all'),
  // Spec §2's status page (issue #32 §5): a guest without a link is asked to log in; the customer sees
  // the own state.
  guest('newsletter-status', 'newsletter.status', '/newsletter/status'),
  customer('newsletter-status-own', 'newsletter.status', '/newsletter/status'),
  // The customer's account (issue #12 §1: a layout with one route module per area; the demo customer
  // has three domains, two contacts, credit and sessions)
  customer('account-profile', 'account._index', '/account'),
  customer('account-orders', 'account.orders', '/account/orders'),
  // Sale documents (issue #13 §2). The seed (db/seed/documents.ts) gives the demo customer, on a fresh
  // database, CRD 1 (document 1), the paid order's ORD (2), its receipt REC (3), its payment PAY (4)
  // and an open debit DEB (5).
  customer('documents', 'account.documents._index', '/account/documents'),
  customer('documents-filtered', 'account.documents._index', '/account/documents?kind=receipts&status=PAID'),
  customer('document-receipt', 'account.documents.$id._index', '/account/documents/3'),
  customer('document-credit-use', 'account.documents.$id.credit', '/account/documents/3/credit'),
  customer('document-used-to-pay', 'account.documents.$id.used-to-pay', '/account/documents/4/used-to-pay'),
  customer('document-paid-by', 'account.documents.$id.paid-by', '/account/documents/3/paid-by'),
  customer('document-movements', 'account.documents.$id.movements', '/account/documents/1/movements'),
  customer('document-debit', 'account.documents.$id._index', '/account/documents/5'),
  customer('account-billing', 'account.billing', '/account/billing'),
  customer('account-security', 'account.security', '/account/security'),
  customer('account-preferences', 'account.preferences', '/account/preferences'),
  customer('account-preferences-newsletter-ask', 'account.preferences', '/account/preferences?newsletter=subscribe'),
  customer('account-privacy', 'account.privacy', '/account/privacy'),
  customer('account-sessions', 'account.sessions', '/account/sessions'),
  // Issue #24 §1: the notification centre.
  customer('account-notifications', 'account.notifications', '/account/notifications'),
  customer('account-mobile', 'account.mobile', '/account/mobile'),
  customer('account-email', 'account.email', '/account/email'),
  // The registrar portal (issue #12 §2–5)
  customer('my-domains', 'account.domains._index', '/account/domains'),
  customer('my-domains-search', 'account.domains._index', '/account/domains?q=kafe&sort=expiry'),
  customer('domain', 'account.domains.$name._index', '/account/domains/kafeneio.gr'),
  customer('domain-nameservers', 'account.domains.$name.nameservers', '/account/domains/kafeneio.gr/nameservers'),
  customer('domain-hosts', 'account.domains.$name.hosts', '/account/domains/kafeneio.gr/hosts'),
  customer('domain-contacts', 'account.domains.$name.contacts', '/account/domains/kafeneio.gr/contacts'),
  customer('domain-ownership', 'account.domains.$name.ownership', '/account/domains/kafeneio.gr/ownership'),
  // Free hosting (issue #23 §3): kafeneio.gr points elsewhere, so the page shows it off and the toggle.
  customer('domain-free-hosting', 'account.domains.$name.hosting', '/account/domains/kafeneio.gr/hosting'),
  customer('nameserver-groups', 'account.nameservers._index', '/account/nameservers'),
  customer('nameservers-apply', 'account.nameservers.apply', '/account/nameservers/apply?domain=kafeneio.gr&domain=kafeneio.com'),
  customer('contacts', 'account.contacts._index', '/account/contacts'),
  customer('contact-new', 'account.contacts.new', '/account/contacts/new'),
  customer('contact-edit', 'account.contacts.$id', '/account/contacts/1'),
  customer('transfers', 'account.transfers', '/account/transfers'),
  // Issue #23 §1: My services and the seed's shared hosting (service 1: the demo's first, made through the sandbox panel)
  customer('my-services', 'account.hosting._index', '/account/hosting'),
  customer('service', 'account.hosting.$id._index', '/account/hosting/1'),
  // A hosting service's server and plan pages (issue #23 §1): the seed's Linux VPS is the demo
  // customer's third service (db/seed/demo-hosting.ts), id 3 on a fresh database.
  customer('hosting-server', 'account.hosting.$id.[server]', '/account/hosting/3/server'),
  customer('hosting-plan', 'account.hosting.$id.plan', '/account/hosting/3/plan'),
  // Issue #13 §2: the pay-with tab of a due document (an open order's or a debit's).
  customer('document-pay', 'account.documents.$id.pay', '/account/documents/5/pay'),
  // Legal documents tab (issue #13 §3): the seed's receipt (document 3) with its PDF, and the credit note CRD 1 (a grant: no legal document, the empty state)
  customer('document-legal', 'account.documents.$id.legal', '/account/documents/3/legal'),
  customer('document-legal-none', 'account.documents.$id.legal', '/account/documents/1/legal'),
  // Cart and checkout with items (a shared hosting plan and a VPS), the order and its card payment
  customer('cart', 'cart', '/cart', { withCart: true }),
  customer('cart-configure', 'cart_.configure.$id', '/cart/configure/{cartItem}', { withCart: true }),
  // The same route for a certificate: its extra domains and approvers (issue #20 §2).
  customer('cart-ssl-names', 'cart_.configure.$id', '/cart/configure/{sslItem}', { withCart: true }),
  customer('checkout', 'cart_.checkout', '/cart/checkout', { withCart: true }),
  customer('order', 'orders.$id', '/orders/{order}', { withCart: true }),
  customer('payment-sandbox', 'payments.sandbox.$id', '/payments/sandbox/{payment}', { withCart: true }),
  // Back office (admin host)
  staff('admin', 'admin._index', '/admin'),
  staff('admin-orders', 'admin.orders', '/admin/orders'),
  staff('admin-mydata', 'admin.mydata', '/admin/mydata'),
  staff('admin-audit', 'admin.audit', '/admin/audit'),
  // The e-mail log (issue #33 §3): the list, filtered, and one message (a fresh one from /api/dev/mail).
  staff('admin-mail', 'admin.mail._index', '/admin/mail'),
  staff('admin-mail-filtered', 'admin.mail._index', '/admin/mail?status=attention&q=example.gr&template=password_changed'),
  staff('admin-mail-message', 'admin.mail.$id', '/admin/mail/{mail}'),
  staff('admin-erasures', 'admin.erasures', '/admin/erasures'),
  staff('admin-notifications', 'admin.notifications', '/admin/notifications'),
  staff('admin-customers', 'admin.customers._index', '/admin/customers'),
  staff('admin-customers-filtered', 'admin.customers._index', '/admin/customers?q=example.gr&status=active&ordered=yes&sort=name&dir=asc'),
  // The demo customer (the seed's first user): profile, billing profiles, domains, orders, documents, credit, sessions.
  staff('admin-customer', 'admin.customers.$id._index', '/admin/customers/1'),
  staff('admin-customer-status', 'admin.customers.$id.status', '/admin/customers/1/status?to=suspended'),
  staff('admin-coupons', 'admin.coupons._index', '/admin/coupons'),
  staff('admin-coupon-new', 'admin.coupons.new', '/admin/coupons/new'),
  staff('admin-coupon', 'admin.coupons.$code', '/admin/coupons/KALOSORISMA10'),
  staff('admin-documents', 'admin.documents', '/admin/documents'),
  staff('admin-documents-customer', 'admin.documents', '/admin/documents?email=demo%40example.gr'),
  staff('admin-legal-files', 'admin.legal-files', '/admin/legal-files?number=REC-000001'),
  staff('admin-not-found', 'admin.$', '/admin/no-such-screen', { status: 404 }),
  // The catalogue (issue #22 §2); product 1 is the seed's first hosting plan (sha_lin_start).
  staff('admin-catalog', 'admin.catalog._index', '/admin/catalog'),
  staff('admin-catalog-new', 'admin.catalog.new', '/admin/catalog/new'),
  staff('admin-catalog-edit', 'admin.catalog.$id', '/admin/catalog/1'),
  staff('admin-catalog-attributes', 'admin.catalog.attributes', '/admin/catalog/attributes'),
  // Issue #22 §1: staff accounts and invitations, the global search, the invitee's page (an unknown link here).
  staff('admin-staff', 'admin.staff', '/admin/staff'),
  staff('admin-search', 'admin.search', '/admin/search?q=demo'),
  staff('admin-invitation', 'admin_.invitation', '/admin/invitation?t=unknown'),
  staff('admin-domains', 'admin.domains._index', '/admin/domains'),
  staff('admin-domains-filtered', 'admin.domains._index', '/admin/domains?registry=gr&sort=expiry&q=%CE%BA%CE%B1%CF%86'),
  staff('admin-domain', 'admin.domains.$id', '/admin/domains/1'),
  staff('admin-domain-confirm', 'admin.domains.$id', '/admin/domains/1?confirm=move'),
  // Hosting (issue #23 §2): service 1 is the demo customer's shared plan (db/seed/demo-hosting.ts).
  staff('admin-hosting', 'admin.hosting._index', '/admin/hosting'),
  staff('admin-hosting-filtered', 'admin.hosting._index', '/admin/hosting?status=active&kind=shared&sort=created&dir=desc&q=kafeneio'),
  staff('admin-hosting-service', 'admin.hosting.$id', '/admin/hosting/1'),
  staff('admin-hosting-confirm', 'admin.hosting.$id', '/admin/hosting/1?confirm=suspend'),
  staff('admin-two-factor', 'admin.two-factor', '/admin/two-factor', {
    browserSkip: 'only an administrator without an authenticator app sees it; the demo admin has one and the browser cannot create staff (tests/worker/pages.test.ts renders it for a fresh one)',
  }),
];

export const NOT_PAGES: NotAPage[] = [
  { route: 'locales.$lng', reason: 'the translations as JSON for the browser (tests/worker/pages.test.ts)' },
  { route: 'auth.logout', reason: 'a POST that ends the session; GET redirects home' },
  { route: 'cart_.analytics.items', reason: 'a POST answering the begin_checkout event with JSON' },
  { route: 'account', reason: 'the layout of the account area: renders only around one of its pages' },
  { route: 'account.domains.$name', reason: "the layout of one domain's pages (its header and sub-navigation)" },
  { route: 'account.documents.$id', reason: "the layout of one document's pages (its header and tab navigation)" },
  { route: 'account.privacy.archive', reason: 'the personal-data archive download: a POST with the password, answering the ZIP streamed from R2 (tests/worker/gdpr-archive.test.ts)' },
  { route: 'account.hosting.$id', reason: "the layout of one service's pages (its header and tab navigation)" },
  { route: 'account.hosting.panel', reason: "the menu's panel login: a redirect to the service's control panel" },
  { route: 'account.documents.$id.files.$fileId', reason: "the download of a legal document's file (a PDF streamed from R2; tests/worker/documents-legal.test.ts)" },
  { route: 'admin.customers.export', reason: 'the customer list as a streamed CSV download (tests/worker/admin-customers.test.ts)' },
  { route: 'admin.coupons.csv', reason: 'the coupons list as a streamed CSV download (tests/worker/admin-coupons.test.ts)' },
  { route: 'admin.domains.export', reason: 'the CSV export of all domains (streamed; tests/worker/admin-domains.test.ts)' },
  { route: 'admin.hosting.export', reason: 'the CSV export of all hosting services (streamed; tests/worker/admin-hosting.test.ts)' },
  { route: 'admin', reason: 'the layout of the back office: its staff header and side menu around one of its pages' },
  { route: 'admin.catalog.export', reason: 'the hosting products list as a streamed CSV download (tests/worker/admin-catalog.test.ts)' },
  { route: 'admin.catalog.check', reason: 'the SKU and attribute-name availability check the catalogue forms call while staff type (JSON; tests/worker/admin-catalog.test.ts)' },
  { route: 'admin.mail.$id.attachments.$n', reason: "staff download of a sent message's attachment (streamed from R2; tests/worker/admin-mail.test.ts)" },
  { route: 'admin.legal-files.$fileId', reason: "staff download of a legal document's file (a PDF streamed from R2; tests/worker/documents-legal.test.ts)" },
];

/** True when the path needs state the browser layer creates first ({cartItem}, {order}, {payment}, {mail}). */
export function hasPlaceholder(entry: PageEntry): boolean {
  return /\{\w+\}/.test(entry.path);
}

/** Fills the placeholders of a path; throws when one has no value, so a missing setup step is loud. */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const v = values[key];
    if (!v) throw new Error(`page-list: no value for {${key}} in ${path}`);
    return v;
  });
}

/** Route files (app/routes/*.ts[x], without extension) that neither list names. */
export function unlistedRoutes(routeFiles: string[]): string[] {
  const known = new Set([...PAGES.map((p) => p.route), ...NOT_PAGES.map((p) => p.route)]);
  return routeFiles.map((f) => f.replace(/\.tsx?$/, '')).filter((r) => !known.has(r));
}
