// The user's Durable Object, named `u-<id>` for a customer (or by the guest id cookie before login):
// the user's live channels and the session list (DESIGN.md); the cart joins it in a later issue.
import type { Connection, ConnectionContext } from 'partyserver';
import { sessionState, shouldTouch } from '../core/sessions';
import { LiveServer } from './live-server';

export type SessionRow = { id: string; createdAt: number; lastSeenAt: number; ip: string; userAgent: string };

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
  override onStart(): void {
    super.onStart();
    // Only a hash of each token is stored: a copy of this storage does not log anyone in.
    this.sql`CREATE TABLE IF NOT EXISTS sessions (
      id TEXT PRIMARY KEY, created_at INTEGER NOT NULL, last_seen_at INTEGER NOT NULL,
      ip TEXT NOT NULL, user_agent TEXT NOT NULL, revoked_at INTEGER)`;
  }

  override getConnectionTags(_connection: Connection, ctx: ConnectionContext): string[] {
    const tag = ctx.request.headers.get(SESSION_TAG_HEADER);
    return tag ? [tag] : [];
  }

  async createSession(meta: { ip: string; userAgent: string; now: number }): Promise<{ token: string; id: string }> {
    const token = randomToken();
    const id = await hashToken(token);
    this.sql`INSERT INTO sessions (id, created_at, last_seen_at, ip, user_agent) VALUES (${id}, ${meta.now}, ${meta.now}, ${meta.ip}, ${meta.userAgent.slice(0, 300)})`;
    // Keep the table small: forget sessions that ended more than 30 days ago.
    this.sql`DELETE FROM sessions WHERE revoked_at IS NOT NULL AND revoked_at < ${meta.now - 30 * 86_400_000}`;
    return { token, id };
  }

  /** Validates a presented token; refreshes "last seen" at most once a minute. */
  async touchSession(token: string, now: number): Promise<{ id: string } | null> {
    const id = await hashToken(token);
    const [row] = this.sql<{ created_at: number; last_seen_at: number; revoked_at: number | null }>`
      SELECT created_at, last_seen_at, revoked_at FROM sessions WHERE id = ${id}`;
    if (!row) return null;
    const state = sessionState({ createdAt: row.created_at, lastSeenAt: row.last_seen_at, revokedAt: row.revoked_at }, now);
    if (state !== 'active') return null;
    if (shouldTouch(row.last_seen_at, now)) this.sql`UPDATE sessions SET last_seen_at = ${now} WHERE id = ${id}`;
    return { id };
  }

  listSessions(now: number): SessionRow[] {
    return this.sql<{ id: string; created_at: number; last_seen_at: number; ip: string; user_agent: string; revoked_at: number | null }>`
      SELECT id, created_at, last_seen_at, ip, user_agent, revoked_at FROM sessions WHERE revoked_at IS NULL ORDER BY last_seen_at DESC`
      .filter((r) => sessionState({ createdAt: r.created_at, lastSeenAt: r.last_seen_at, revokedAt: r.revoked_at }, now) === 'active')
      .map((r) => ({ id: r.id, createdAt: r.created_at, lastSeenAt: r.last_seen_at, ip: r.ip, userAgent: r.user_agent }));
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
}
