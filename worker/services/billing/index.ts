export { createBillingProfileService, type BillingProfileInput, type Fail } from './billing-profiles';
export { createDebitService } from './debits';
export { createCreditService } from './credit';
