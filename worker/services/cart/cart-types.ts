// Who a cart belongs to and what a cart change answers: in a file of their own so that the cart's parts
// (cart-options.ts, cart-ssl.ts) use them without importing cart.ts, which imports them.

/** The cart's owner: its room (the User object of a customer, or a visitor's) and the customer, if any. */
export type CartOwner = { room: string; userId: number | null };

export type CartResult<T = unknown> = ({ ok: true } & T) | { ok: false; code: number; existingId?: string; field?: string };

/** What the cart needs to know of a service its lines act on: its stored options, and what is open for it in orders (issue #32 §1). */
export type ServiceLineFacts = { options: Record<string, string>; openRenewal: boolean; openPlanChange: boolean };
