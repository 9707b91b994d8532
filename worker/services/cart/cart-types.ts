// Who a cart belongs to and what a cart change answers: in a file of their own so that the cart's parts
// (cart-options.ts, cart-ssl.ts) use them without importing cart.ts, which imports them.

/** The cart's owner: its room (the User object of a customer, or a visitor's) and the customer, if any. */
export type CartOwner = { room: string; userId: number | null };

export type CartResult<T = unknown> = ({ ok: true } & T) | { ok: false; code: number; existingId?: string; field?: string };
