// Billing: billing profiles (who is invoiced, VAT), the credit balance and staff grants, and debits.
// The area's public face: other areas, routes, the API and cron import from here, never an inner file.
export { createBillingProfileService, type BillingProfileInput, type Fail } from './billing-profiles';
export { createDebitService } from './debits';
export { createCreditService } from './credit';
export { createCouponService, type CouponFilters, type CouponRow, type RedemptionRow } from './coupons';
export { createSavedCards, type ChargeDefaultInput, type ChargeDefaultResult, type SavedCardsService, type SavedCardView } from './saved-cards';
