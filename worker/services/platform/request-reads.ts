// Reads shared by the services of one request (issue #21 §4, decision 056), keyed by the request's
// ServiceDeps like the stubs in party-stubs.ts, so they never outlive the request. The session check
// of a page view brings the header cart's items and the user's row along; the cart service and the
// account's profile take them from here instead of asking the user's object and D1 again.
import type { CartItem } from '../../../core/cart/types';
import type { billingProfiles, users } from '../../../db/schema';

export type RequestReads = {
  /** Cart items per room, as the session check read them; every cart change forgets its room. */
  carts: Map<string, CartItem[]>;
  /** User rows read by the session check of a GET (no action has changed them since). */
  users: Map<number, typeof users.$inferSelect>;
  /** Each user's default billing profile (null: none), read with the user row by the session check of a GET. */
  defaultProfiles: Map<number, typeof billingProfiles.$inferSelect | null>;
  /** Each user's unread notices (the header's bell), read in the same batch by the session check of a GET (decision 073). */
  unreadNotifications: Map<number, number>;
};

const memo = new WeakMap<object, RequestReads>();

export function requestReads(deps: object): RequestReads {
  let reads = memo.get(deps);
  if (!reads) memo.set(deps, (reads = { carts: new Map(), users: new Map(), defaultProfiles: new Map(), unreadNotifications: new Map() }));
  return reads;
}
