export { legalDocumentLines, mydataQueued, numberedDocument, paymentAllocation, type OrderRef } from './order-statements';
export { holdsAtLeast, readHeld } from './refund-caps';
export { createDocumentPaymentService } from './document-payments';
export { createRefundService } from './refunds';
export { createOrderService } from './orders';
export { createRegistryPollService } from './registry-poll';
export { createSandboxPaymentService } from './sandbox-payments';
