// Auto-renew (issue #25 §1, decision 080): the daily run that makes domain renewal orders, the one
// payment step of every renewal order (domains and hosting), and what the pages say will happen.
// The area's public face: other areas, routes, the API and cron import from here, never an inner file.
export { AUTO_RENEW_PER_RUN, createDomainRenewals, type AutoRenewRunResult, type DomainRenewals } from './domain-renewals';
export { createRenewalPayments, DOCUMENT_REMINDER_DAYS, type RenewalPayments, type RenewalPayOutcome } from './renewal-payments';
export { createRenewalPlans, type RenewalPlans } from './renewal-plan';
export { NO_SAVED_CARDS, savedCardsThroughPort, type SavedCardCharge, type SavedCardsPort } from './saved-cards';
import type { ServiceDeps } from '../deps';
import { createDomainRenewals } from './domain-renewals';
import { createRenewalPayments } from './renewal-payments';
import { createRenewalPlans } from './renewal-plan';
import { savedCardsThroughPort, type SavedCardsPort } from './saved-cards';

/** The area made once per request or run; the saved cards are the processor's unless a test gives its own. */
export function createAutoRenew(deps: ServiceDeps, options: { cards?: SavedCardsPort } = {}) {
  const cards = options.cards ?? savedCardsThroughPort(deps);
  const payments = createRenewalPayments(deps, { cards });
  const domains = createDomainRenewals(deps, payments);
  const plans = createRenewalPlans(deps, domains, cards);
  return { pay: payments.pay, run: domains.run, quote: domains.quote, planForDomain: plans.forDomain, planForService: plans.forService };
}

export type AutoRenew = ReturnType<typeof createAutoRenew>;
