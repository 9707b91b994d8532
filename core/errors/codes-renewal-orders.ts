// Codes beyond spec §8 for renewals paid twice and orders that lapse unpaid (issue #32 §1, decision 088).
import type { Row } from './catalogue-entry';

export const RENEWAL_ORDER_ROWS = [
  // Checkout: the name or service has an open renewal document; the customer is sent to it.
  [44040, 'renewal_open_document', 'alert', 409],
  // Checkout: a renewal of it is paid and still being carried out.
  [44041, 'renewal_already_paid', 'alert', 409],
  // Paying a renewal document whose period was renewed by another order meanwhile.
  [44042, 'renewal_period_already_renewed', 'alert', 409],
  // Paying (or staff confirming a transfer of) an order that lapsed unpaid.
  [44043, 'order_lapsed', 'alert', 409],
] as const satisfies readonly Row[];
