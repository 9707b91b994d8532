export { createDomainService, type SearchPlan, type SearchResult, type TransferCheck } from './domains';
export { createMyDomainService, type BulkResult, type OwnDomain } from './my-domains';
export { DEFAULT_NAMESERVERS, createNameserverService, type Refusal } from './nameservers';
export { createIdProtectService } from './id-protect';
export { createHandoverService } from './handovers';
export { createReminderService } from './reminders';
