// The sandbox processor's test cards, in a module of their own (no D1, no drizzle) so the sandbox
// payment page can list them without pulling the adapter into the browser bundle.
import type { SavedCardDeclineCode } from './port';

/**
 * The sandbox page's test cards (issue #25 §1, README "Payments sandbox"): the one chosen when a
 * session saves its card decides what later off-session charges of its token answer, as a
 * processor's test card numbers do. `offSession` is that answer.
 */
export const SANDBOX_TEST_CARDS = [
  { last4: '4242', brand: 'visa', offSession: 'approved' },
  { last4: '0002', brand: 'visa', offSession: 'insufficient_funds' },
  { last4: '0069', brand: 'mastercard', offSession: 'expired_card' },
] as const satisfies readonly { last4: string; brand: string; offSession: 'approved' | SavedCardDeclineCode }[];
export type SandboxTestCard = (typeof SANDBOX_TEST_CARDS)[number]['last4'];

export function isSandboxTestCard(value: unknown): value is SandboxTestCard {
  return SANDBOX_TEST_CARDS.some((c) => c.last4 === value);
}
