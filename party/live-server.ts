// Shared base of the live Durable Objects: hibernation on, the recent events kept in the object's
// SQLite storage (reloaded in onStart) so that a tab that reconnects after a short drop receives
// what it missed instead of silently showing stale prices, carts or notices.
import { Server, type Connection, type ConnectionContext, type WSMessage } from 'partyserver';
import { serverErrorLine } from '../core/server-error-line';
import { parseLiveMessage, type LiveMessage } from './protocol';

const KEEP_EVENTS = 50;

export type StoredEvent = { seq: number; at: number; message: LiveMessage };

export class LiveServer extends Server<Env> {
  static override options = { hibernate: true };

  protected lastSeq = 0;

  override onStart(): void {
    this.sql`CREATE TABLE IF NOT EXISTS live_events (seq INTEGER PRIMARY KEY, at INTEGER NOT NULL, body TEXT NOT NULL)`;
    const [row] = this.sql<{ seq: number | null }>`SELECT MAX(seq) AS seq FROM live_events`;
    this.lastSeq = row?.seq ?? 0;
  }

  /** Called by services through the stub (RPC). Validates, stores and fans out one event. */
  async publish(raw: unknown): Promise<{ seq: number; delivered: number }> {
    const message = parseLiveMessage(raw);
    if (!message) throw new Error('invalid live message');
    const seq = ++this.lastSeq;
    const at = Date.now();
    this.sql`INSERT INTO live_events (seq, at, body) VALUES (${seq}, ${at}, ${JSON.stringify(message)})`;
    this.sql`DELETE FROM live_events WHERE seq <= ${seq - KEEP_EVENTS}`;
    const frame = JSON.stringify({ seq, ...message });
    let delivered = 0;
    for (const connection of this.getConnections()) {
      connection.send(frame);
      delivered++;
    }
    return { seq, delivered };
  }

  recentEvents(sinceSeq: number): StoredEvent[] {
    return this.sql<{ seq: number; at: number; body: string }>`SELECT seq, at, body FROM live_events WHERE seq > ${sinceSeq} ORDER BY seq`.map(
      (r) => ({ seq: r.seq, at: r.at, message: JSON.parse(r.body) as LiveMessage }),
    );
  }

  override onConnect(connection: Connection, ctx: ConnectionContext): void {
    const since = new URL(ctx.request.url).searchParams.get('since');
    // Replay only for a tab that says what it has seen (0 included); a new page renders fresh data.
    if (since !== null && /^\d{1,15}$/.test(since)) {
      for (const e of this.recentEvents(Number(since))) connection.send(JSON.stringify({ seq: e.seq, ...e.message }));
    }
    connection.send(JSON.stringify({ type: 'hello', seq: this.lastSeq }));
  }

  // partyserver's sql() throws what onException returns, which is nothing: a failed statement reached
  // the caller as `undefined`, a failure without a cause. Here it is logged once and thrown as it is.
  override sql<T = Record<string, string | number | boolean | null>>(strings: TemplateStringsArray, ...values: (string | number | boolean | null)[]): T[] {
    let query = '';
    try {
      query = strings.reduce((acc, str, i) => acc + str + (i < values.length ? '?' : ''), '');
      return [...this.ctx.storage.sql.exec(query, ...values)] as T[];
    } catch (error) {
      // The statement's text, never its values (personal data).
      console.error(JSON.stringify(serverErrorLine({ where: `durable-object ${this.constructor.name} sql: ${query.replace(/\s+/g, ' ').slice(0, 200)}`, cause: error })));
      throw error;
    }
  }

  override onError(_connection: Connection, error: unknown): void {
    console.error(JSON.stringify(serverErrorLine({ where: `durable-object ${this.constructor.name} socket`, cause: error })));
  }

  override onMessage(connection: Connection, message: WSMessage): void {
    // Browsers never publish: events come from services. A ping keeps proxies from idling us out.
    if (message === 'ping') connection.send('pong');
  }
}
