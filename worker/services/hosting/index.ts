// The hosting area's public face (issue #23): hosting accounts and servers after purchase.
export { createServiceRecords, panelAccountFlagStatement, type HostingServiceRow, type ProvisionedService, type ServiceRecords } from './service-records';
export { createFreeHostingService, freeHostingMessage, type FreeHostingOutcome, type FreeHostingService, type FreeHostingStatusMessage } from './free-hosting';
export { createMyServices, type MyServices, type PasswordOutcome, type ServiceListRow, type ServicePage, type ServiceView } from './my-services';
export { createRenewalFulfilment, isHostingRenewal, type RenewalItem } from './renewal-fulfilment';
export { createServiceEvents, serviceName, type HostingNotice, type ServiceEvents } from './service-events';
export { createStaffHostingService, type StaffHostingResult, type StaffHostingRow, type StaffHostingService } from './staff-hosting';
export { createHostingRenewals, RENEWALS_PER_RUN, type HostingRenewals, type RenewalOrderHooks, type RenewalRunResult } from './renewals';
export { createServiceFulfilment } from './service-orders';
export { createHostingServers, type HostingServers, type ServerView } from './servers';
export { createHostingPlans, type HostingPlans, type PlanView } from './plans';
export { createPanelSecrets, panelSecretWhere, PANEL_SECRET_BATCH, type PanelSecrets, type RevealOutcome } from './panel-secrets';
