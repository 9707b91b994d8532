// The hosting area's public face (issue #23): hosting accounts and servers after purchase.
export { createServiceRecords, panelAccountFlagStatement, type HostingServiceRow, type ProvisionedService, type ServiceRecords } from './service-records';
export { createServiceFulfilment } from './service-orders';
export { createHostingServers, type HostingServers, type ServerView } from './servers';
export { createHostingPlans, type HostingPlans, type PlanView } from './plans';
