// Domains: search and transfer checks, the customer's names (my-domains), nameservers and glue hosts,
// handovers (trades, transfers, the .ελ offer), ID protect and expiry reminders.
// The area's public face: other areas, routes, the API and cron import from here, never an inner file.
export { createDomainService, type SearchPlan, type SearchResult, type TransferCheck } from './domains';
export { createMyDomainService, type BulkResult, type OwnDomain } from './my-domains';
export { DEFAULT_NAMESERVERS, createNameserverService, type Refusal } from './nameservers';
export { createIdProtectService } from './id-protect';
export { createHandoverService } from './handovers';
export { createReminderService } from './reminders';
export { createStaffDomainService, EXPORT_PAGE_ROWS, type StaffDomainDetail, type StaffDomainRow } from './staff-domains';
export { createStaffDomainActions, type StaffDomainResult } from './staff-domain-actions';
