// The hosting area's public face (issue #23): hosting accounts and servers after purchase.
export { createServiceRecords, panelAccountFlagStatement, type HostingServiceRow, type ProvisionedService, type ServiceRecords } from './service-records';
export { createFreeHostingService, freeHostingMessage, type FreeHostingOutcome, type FreeHostingService, type FreeHostingStatusMessage } from './free-hosting';
export { createMyServices, type MyServices, type PasswordOutcome, type ServiceListRow, type ServicePage, type ServiceView } from './my-services';
