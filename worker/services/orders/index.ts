// Orders: checkout and its checks, payments of orders and of documents, fulfilment at the registry and
// its recovery, the registries' poll (external transfers, rejections), cancellations and refunds, the
// back office's order actions and sandbox payment pages.
// The area's public face: other areas, routes, the API and cron import from here, never an inner file.
export { legalDocumentLines, mydataQueued, numberedDocument, paymentAllocation, type OrderRef } from './order-statements';
export { holdsAtLeast, readHeld } from './refund-caps';
export { createRefundService } from './refunds';
export { createDocumentPaymentsWithOrders, createOrderService } from './orders';
export { createRegistryPollService } from './registry-poll';
export { renewalAlreadyRenewed } from './renewal-conflicts';
export { createSandboxPaymentService } from './sandbox-payments';
