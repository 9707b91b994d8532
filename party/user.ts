// The user's Durable Object, named `u-<id>` for a customer (or by the guest id cookie before login):
// the user's live channels and the session list (DESIGN.md); the cart joins it in a later issue.
import type { Connection, ConnectionContext } from 'partyserver';
import { checkParent, duplicateOf, mergeCarts, removalSet, summaryOrder, visibleCount } from '../core/cart/composition';
import type { CartItem, NewCartItem } from '../core/cart/types';
import { sessionState, shouldTouch, type SessionKind } from '../core/sessions';
import { LiveServer } from './live-server';

export type SessionRow = { id: string; createdAt: number; lastSeenAt: number; ip: string; userAgent: string; kind: SessionKind };

/** The header onBeforeConnect adds so that a socket is tagged with its session (for logout). */
export const SESSION_TAG_HEADER = 'X-Session-Tag';

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export async function hashToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export class User extends LiveServer {
  /** onStart has run in this instance (through partyserver, or through ready() below). */
  private started = false;

  override onStart(): void {
    this.started = true;
    super.onStart();
    // Only a hash of each token is stored: a copy of this storage does not log anyone in.
    this.sql`CREATE TABLE IF NOT EXISTS sessions (
      id TEXT PRIMARY KEY, created_at INTEGER NOT NULL, last_seen_at INTEGER NOT NULL,
      ip TEXT NOT NULL, user_agent TEXT NOT NULL, revoked_at INTEGER, kind TEXT NOT NULL DEFAULT 'customer')`;
    // Objects created before staff sessions (issue #10 §4) lack the column; their sessions are customers'.
    if (!this.sql<{ name: string }>`SELECT name FROM pragma_table_info('sessions')`.some((c) => c.name === 'kind')) {
      this.sql`ALTER TABLE sessions ADD COLUMN kind TEXT NOT NULL DEFAULT 'customer'`;
    }
    // The cart (issue #5 §1): one row per item, the item as JSON. The object is single-threaded, so
    // each check-then-write below is atomic without transactions.
    this.sql`CREATE TABLE IF NOT EXISTS cart_items (id TEXT PRIMARY KEY, added_at INTEGER NOT NULL, body TEXT NOT NULL)`;
  }

  // ---------------------------------------------------------------------------------------------
  // Cart
  // ---------------------------------------------------------------------------------------------

  cartItems(): CartItem[] {
    return summaryOrder(this.sql<{ body: string }>`SELECT body FROM cart_items ORDER BY added_at`.map((r) => JSON.parse(r.body) as CartItem));
  }

  cartCount(): number {
    return visibleCount(this.cartItems());
  }

  private saveItem(item: CartItem) {
    this.sql`INSERT INTO cart_items (id, added_at, body) VALUES (${item.id}, ${item.addedAt}, ${JSON.stringify(item)})
      ON CONFLICT(id) DO UPDATE SET body = excluded.body`;
  }

  private async cartEvent(event: string, uniqueId: string | null, data: Record<string, unknown>) {
    // The count travels with every event: a guest's other tabs refresh their cart-count hint cookie
    // before re-reading the cart, so they never trust a count from before this change.
    await this.publish({ channel: 'cart', event, unique_id: uniqueId, data: { ...data, count: this.cartCount() } });
  }

  /**
   * Adds items (a parent first, then its children, which may name it '@0'). Refuses the whole add on the first problem:
   * a duplicate (35008 domain, 35004 child — also broadcast as ItemAlreadyInCart) or a bad parent.
   */
  async cartAdd(items: NewCartItem[], uniqueId: string | null, now: number): Promise<{ ok: true; added: CartItem[]; count: number } | { ok: false; code: number; existingId?: string }> {
    const current = this.cartItems();
    const added: CartItem[] = [];
    for (const given of items) {
      // '@<i>' names the i-th item of this same add (a plan and the products it bundles).
      const ref = given.parentId?.startsWith('@') ? added[Number(given.parentId.slice(1))] : undefined;
      const n = ref ? { ...given, parentId: ref.id } : given;
      const all = [...current, ...added];
      const dup = duplicateOf(all, n);
      if (dup) {
        await this.cartEvent('ItemAlreadyInCart', uniqueId, { cart_item_id: dup.item.id });
        return { ok: false, code: dup.code, existingId: dup.item.id };
      }
      const parentError = checkParent(all, n);
      if (parentError) return { ok: false, code: parentError };
      added.push({ ...n, id: crypto.randomUUID(), addedAt: now + added.length });
    }
    for (const item of added) this.saveItem(item);
    await this.cartEvent(added.length === 1 ? 'CartItemWasCreated' : 'CartItemsWereCreated', uniqueId, { cart_item_id: added[0]?.id, items: added.map((a) => ({ id: a.id })) });
    return { ok: true, added, count: visibleCount([...current, ...added]) };
  }

  /** Removes an item and its children; 35001 (CartItemNotFound) when it is not there. */
  async cartRemove(id: string, uniqueId: string | null): Promise<{ ok: true; deleted: string[]; count: number } | { ok: false; notFound: string[] }> {
    const items = this.cartItems();
    if (!items.some((i) => i.id === id)) {
      await this.cartEvent('CartItemNotFound', uniqueId, { not_found: [id] });
      return { ok: false, notFound: [id] };
    }
    const deleted = removalSet(items, id);
    for (const d of deleted) this.sql`DELETE FROM cart_items WHERE id = ${d}`;
    await this.cartEvent('CartItemWasDeleted', uniqueId, { cart_item_id: id, deleted_items: deleted });
    return { ok: true, deleted, count: visibleCount(items.filter((i) => !deleted.includes(i.id))) };
  }

  /** Changes an item's length or configuration (merged into what it has). */
  async cartUpdate(id: string, patch: { lengthMonths?: number; config?: CartItem['config'] }, uniqueId: string | null): Promise<CartItem | null> {
    const item = this.cartItems().find((i) => i.id === id);
    if (!item) {
      await this.cartEvent('CartItemNotFound', uniqueId, { not_found: [id] });
      return null;
    }
    const next: CartItem = { ...item, lengthMonths: patch.lengthMonths ?? item.lengthMonths, config: { ...item.config, ...(patch.config ?? {}) } };
    this.saveItem(next);
    await this.cartEvent('CartItemWasUpdated', uniqueId, { cart_item_id: id });
    return next;
  }

  /** At login: the guest's items join this cart without duplicates (issue #5 §1). */
  async cartMerge(guestItems: CartItem[], now: number): Promise<{ added: number; skipped: number }> {
    const { add, skipped } = mergeCarts(this.cartItems(), guestItems);
    add.forEach((item, i) => this.saveItem({ ...item, addedAt: now + i }));
    if (add.length) await this.cartEvent('CartItemsWereCreated', null, { items: add.map((a) => ({ id: a.id })) });
    return { added: add.length, skipped: skipped.length };
  }

  /** Empties the cart (after an order took the items, or after a merge moved them away). */
  async cartClear(ids: string[] | null, uniqueId: string | null): Promise<string[]> {
    const targets = ids ?? this.cartItems().map((i) => i.id);
    for (const id of targets) this.sql`DELETE FROM cart_items WHERE id = ${id}`;
    if (targets.length) await this.cartEvent('CartItemWasDeleted', uniqueId, { deleted_items: targets });
    return targets;
  }

  override getConnectionTags(_connection: Connection, ctx: ConnectionContext): string[] {
    const tag = ctx.request.headers.get(SESSION_TAG_HEADER);
    return tag ? [tag] : [];
  }

  async createSession(meta: { ip: string; userAgent: string; now: number; kind?: SessionKind }): Promise<{ token: string; id: string }> {
    const token = randomToken();
    const id = await hashToken(token);
    const kind: SessionKind = meta.kind ?? 'customer';
    this.sql`INSERT INTO sessions (id, created_at, last_seen_at, ip, user_agent, kind) VALUES (${id}, ${meta.now}, ${meta.now}, ${meta.ip}, ${meta.userAgent.slice(0, 300)}, ${kind})`;
    // Keep the table small: forget sessions that ended more than 30 days ago.
    this.sql`DELETE FROM sessions WHERE revoked_at IS NOT NULL AND revoked_at < ${meta.now - 30 * 86_400_000}`;
    return { token, id };
  }

  /**
   * A logged-in page view in one round trip (issue #21 §4, decision 056): the session check (with its
   * once-a-minute touch) and the header cart's items together. The items are only given for a live
   * session. Called on a plain stub, without partyserver's setName round trip first, so the object
   * makes sure of its tables itself (onStart is idempotent: CREATE IF NOT EXISTS, MAX(seq)).
   */
  async pageView(token: string, now: number): Promise<{ session: { id: string; kind: SessionKind }; cart: CartItem[] } | null> {
    if (!this.started) this.onStart();
    const session = await this.touchSession(token, now);
    return session ? { session, cart: this.cartItems() } : null;
  }

  /** Validates a presented token against its kind's lifetimes; refreshes "last seen" at most once a minute. */
  async touchSession(token: string, now: number): Promise<{ id: string; kind: SessionKind } | null> {
    const id = await hashToken(token);
    const [row] = this.sql<{ created_at: number; last_seen_at: number; revoked_at: number | null; kind: SessionKind }>`
      SELECT created_at, last_seen_at, revoked_at, kind FROM sessions WHERE id = ${id}`;
    if (!row) return null;
    const state = sessionState({ createdAt: row.created_at, lastSeenAt: row.last_seen_at, revokedAt: row.revoked_at, kind: row.kind }, now);
    if (state !== 'active') return null;
    if (shouldTouch(row.last_seen_at, now)) this.sql`UPDATE sessions SET last_seen_at = ${now} WHERE id = ${id}`;
    return { id, kind: row.kind };
  }

  /**
   * Was this token ever a session of this user, ended or not? Staff suspension ends every session, and
   * the customer's next request must still learn why (2011): the ended session's cookie proves that
   * the browser was theirs, so the notice tells a stranger nothing (issue #22 §2).
   */
  async knowsSession(token: string): Promise<boolean> {
    if (!this.started) this.onStart();
    const id = await hashToken(token);
    return this.sql<{ n: number }>`SELECT COUNT(*) AS n FROM sessions WHERE id = ${id}`[0]!.n > 0;
  }

  listSessions(now: number): SessionRow[] {
    return this.sql<{ id: string; created_at: number; last_seen_at: number; ip: string; user_agent: string; revoked_at: number | null; kind: SessionKind }>`
      SELECT id, created_at, last_seen_at, ip, user_agent, revoked_at, kind FROM sessions WHERE revoked_at IS NULL ORDER BY last_seen_at DESC`
      .filter((r) => sessionState({ createdAt: r.created_at, lastSeenAt: r.last_seen_at, revokedAt: r.revoked_at, kind: r.kind }, now) === 'active')
      .map((r) => ({ id: r.id, createdAt: r.created_at, lastSeenAt: r.last_seen_at, ip: r.ip, userAgent: r.user_agent, kind: r.kind }));
  }

  /**
   * Ends one session (logout) or all of them (log out everywhere), and tells the tabs of the ended
   * sessions, which reload (spec §4 Login: a logout event on the session channel reloads the page).
   */
  async revokeSessions(which: { id: string } | { all: true; except?: string }, now: number, uniqueId: string | null = null): Promise<number> {
    const ids =
      'id' in which
        ? [which.id]
        : this.sql<{ id: string }>`SELECT id FROM sessions WHERE revoked_at IS NULL`.map((r) => r.id).filter((id) => id !== which.except);
    for (const id of ids) {
      this.sql`UPDATE sessions SET revoked_at = ${now} WHERE id = ${id} AND revoked_at IS NULL`;
      const frame = JSON.stringify({ channel: 'session', event: 'UserHasLoggedOut', unique_id: uniqueId, data: {} });
      for (const connection of this.getConnections(id.slice(0, 16))) {
        connection.send(frame);
      }
    }
    return ids.length;
  }

  /**
   * GDPR erasure (decision 090): every session ends (the tabs hear it and reload), then the object
   * forgets them and the cart, so no IP address or browser of the person stays behind.
   */
  async forgetSessions(now: number): Promise<void> {
    if (!this.started) this.onStart();
    await this.revokeSessions({ all: true }, now);
    this.sql`DELETE FROM sessions`;
    this.sql`DELETE FROM cart_items`;
  }

  /** Session rows kept, ended ones included (the erasure test reads it). */
  sessionCount(): number {
    if (!this.started) this.onStart();
    return this.sql<{ n: number }>`SELECT COUNT(*) AS n FROM sessions`[0]!.n;
  }
}
