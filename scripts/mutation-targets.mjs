// Which modules of core/ hold the mutation score's target (≥ 90 %, issue #21 §5, issue #32 §6,
// decision 094): every module of core/ that is not named below. A new module is a money or security
// rule until someone names it here with the reason it is neither, so it joins the target by default,
// not by hand (the hand-made list of decision 058 had missed the hosting, refund and renewal rules).
// tests/mutation-targets.test.ts holds this list to the files that exist.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export const TARGET = 90;

const SHAPES = 'types, vocabularies or data tables only: no rule that takes or moves money or grants access';
const DISPLAY = 'how something is shown or listed (labels, filters, sorting, paging, dates): no amount and no permission is decided here';
const DOMAIN_DATA = 'name syntax, search and registry data: what a name is or looks like, not who may act on it or what it costs';
const ERRORS = 'the error catalogue: codes, messages and their presentation';
const FORM = 'a form schema that checks the shape of what is typed; the amounts it reads go through core/amounts.ts, and every decision it leads to is taken again by a targeted rule or the service';
const CONTACT_DATA = "a contact's data rules (which fields a registry needs, how names are written); the charge and the holder change are decided in core/contacts/roles.ts and core/domains/handover.ts";
const TEST_ONLY = 'helpers of the unit tests, not used by the app';

/** Modules that are neither money nor security, with the reason. Paths as in the repository. */
export const NOT_MONEY_OR_SECURITY = {
  'core/analytics.ts': 'the analytics events repeat the cart’s own prices for reporting: nothing is charged from them',
  'core/cart/composition.ts': 'which items a cart holds together (duplicates, parents, merging at login); prices come from core/cart/pricing.ts',
  'core/cart/contacts.ts': 're-export of core/contacts/readiness.ts',
  'core/cart/cross-sells.ts': 'which add-ons are offered next to an item; they are priced by core/cart/pricing.ts',
  'core/cart/domain-config.ts': 'which configuration sections a domain item shows and whether each is complete',
  'core/cart/types.ts': SHAPES,
  'core/catalog.ts': SHAPES,
  'core/config.ts': 'the shape of the Worker’s settings; secrets and production values are checked by npm run check:deploy and its own tests, and no price or permission is decided here',
  'core/contacts/first-details.ts': CONTACT_DATA,
  'core/contacts/names.ts': CONTACT_DATA,
  'core/contacts/readiness.ts': CONTACT_DATA,
  'core/date-format.ts': DISPLAY,
  'core/documents/filters.ts': DISPLAY,
  'core/documents/format.ts': 'a document’s printed name (series and number); the gapless numbering is done in D1',
  'core/documents/income-classifications.ts': SHAPES,
  'core/documents/service-period.ts': 'the from–to dates printed on a line; the amount of the line is core/documents/lines.ts',
  'core/documents/status.ts': 'the status word a customer sees (overdue is a matter of time); balances are core/documents/balance.ts',
  'core/documents/vat-basis.ts': 'the legal text and myDATA category of a 0 % line; whether VAT is 0 % is decided by core/vat.ts and core/vat-evidence.ts',
  'core/domains/greeklish.ts': DOMAIN_DATA,
  'core/domains/id-protect.ts': 'the dates of ID protect’s reminders and switch-off; its price is a catalogue line',
  'core/domains/keys.ts': DOMAIN_DATA,
  'core/domains/names.ts': DOMAIN_DATA,
  'core/domains/nameserver-keys.ts': DOMAIN_DATA,
  'core/domains/nameservers.ts': DOMAIN_DATA,
  'core/domains/portal.ts': 'the portal’s domain list (previews, search, sort, paging) and which buttons a name shows; ownership is checked by the services on every action',
  'core/domains/punycode.ts': DOMAIN_DATA,
  'core/domains/registry-rules.ts': DOMAIN_DATA,
  'core/domains/reminders.ts': 'which expiry reminder is due on which day',
  'core/domains/results.ts': DISPLAY,
  'core/domains/search-bar.ts': DISPLAY,
  'core/domains/suggestions.ts': DOMAIN_DATA,
  'core/error-timing.ts': ERRORS,
  'core/errors/catalogue-entry.ts': ERRORS,
  'core/errors/catalogue.ts': ERRORS,
  'core/errors/codes-accounts.ts': ERRORS,
  'core/errors/codes-commerce.ts': ERRORS,
  'core/errors/codes-domains.ts': ERRORS,
  'core/errors/codes-general.ts': ERRORS,
  'core/errors/codes-renewal-orders.ts': ERRORS,
  'core/errors/codes-mail.ts': ERRORS,
  'core/errors/codes-services.ts': ERRORS,
  'core/errors/cookie.ts': ERRORS,
  'core/errors/http.ts': ERRORS,
  'core/errors/index.ts': ERRORS,
  'core/greek-regions.ts': SHAPES,
  'core/greek-tax-offices.ts': SHAPES,
  'core/hosting/kinds.ts': SHAPES,
  'core/hosting/portal.ts': DISPLAY,
  'core/legal.ts': 'the registry of legal documents and their versions (data)',
  'core/notifications/filters.ts': DISPLAY,
  'core/orders/fulfilment.ts': 'retry back-off of an item that failed to be carried out; what was paid does not change',
  'core/orders/next-steps.ts': DISPLAY,
  'core/staff/domain-list.ts': DISPLAY,
  'core/staff/hosting-list.ts': DISPLAY,
  'core/staff/list-query.ts': 'the back office’s sort and page from the address; sort names map to columns in the services, so no text reaches SQL',
  'core/staff/search-query.ts': 'what a typed search text can be (name, e-mail, order number); the results are read under the staff member’s permissions',
  'core/validation/account-forms.ts': FORM,
  'core/validation/cart-forms.ts': FORM,
  'core/validation/checkout-forms.ts': FORM,
  'core/validation/consent-forms.ts': FORM,
  'core/validation/contact-forms.ts': FORM,
  'core/validation/domain-name-rules.ts': FORM,
  'core/validation/email-rules.ts': FORM,
  'core/validation/hosting-forms.ts': FORM,
  'core/validation/ip-rules.ts': FORM,
  'core/validation/matching-rules.ts': FORM,
  'core/validation/messages.ts': FORM,
  'core/validation/my-domains-forms.ts': FORM,
  'core/validation/nameserver-forms.ts': FORM,
  'core/validation/nameserver-rules.ts': FORM,
  'core/validation/number-rules.ts': FORM,
  'core/validation/property-kit.ts': TEST_ONLY,
  'core/validation/required-rules.ts': FORM,
  'core/validation/rule-kit.ts': FORM,
  'core/validation/staff-forms.ts': FORM,
  'core/validation/test-kit.ts': TEST_ONLY,
  'core/validation/text-rules.ts': FORM,
  'core/validation/transfer-forms.ts': FORM,
  'core/validation/zod-jitless.ts': 'a work-around for zod’s eval probe under the Content-Security-Policy; the policy itself is set by the worker',
};

/** Every module of core/ (TypeScript, not a test), sorted. */
export function coreModules(root = 'core') {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.endsWith('.d.ts'))
    .map((e) => join(e.parentPath ?? e.path, e.name).replaceAll('\\', '/'))
    .sort();
}

/** The money and security modules: every module given that is not named in NOT_MONEY_OR_SECURITY. */
export function mutationTargets(modules = coreModules()) {
  return modules.filter((f) => !Object.hasOwn(NOT_MONEY_OR_SECURITY, f));
}
