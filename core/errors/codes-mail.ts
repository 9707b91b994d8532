// Ours, not the spec's (issue #33 §3, decision 100): the staff e-mail log, its resend, support's two
// safe actions on a customer's page, and the provider's bounce webhook.
import type { Row } from './catalogue-entry';

export const MAIL_ROWS = [
  [44330, 'mail_message_not_found', 'alert', 404],
  // A one-time code or a link that grants access is never sent twice by staff: the customer asks again.
  [44331, 'mail_resend_sensitive', 'alert', 409],
  // The recipient's account was erased: there is nobody to write to.
  [44332, 'mail_resend_erased', 'alert', 409],
  [44333, 'mail_resent', 'success', 200],
  // The per-customer or per-staff-member limit of the safe actions (429 with Retry-After).
  [44334, 'customer_mail_too_many', 'alert', 429],
  // A reset link goes only to a proven address of an account staff did not suspend (decision 023).
  [44335, 'customer_reset_not_possible', 'alert', 409],
  [44336, 'customer_verification_sent', 'success', 200],
  [44337, 'customer_reset_sent', 'success', 200],
  [44338, 'mail_webhook_unauthorized', 'alert', 401],
  [44339, 'mail_webhook_not_understood', 'alert', 400],
] as const satisfies readonly Row[];
