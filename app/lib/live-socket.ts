// The reconnecting WebSocket of the live channels: the part of partysocket this app used (a party
// room's address with its connection id `_pk`, a query read again at each connect, reconnection with
// a growing delay), for a tenth of its bytes on every page (issue #21 §4, decision 057). Nothing is
// sent through it: the browser only listens (a ping aside, which the party answers).

const MIN_DELAY_MS = 3_000;
const MAX_DELAY_MS = 10_000;
const GROWTH = 1.3;
/** A socket that stayed open this long was a good connection: the next drop starts the delays again. */
const MIN_UPTIME_MS = 5_000;
/** A connect that has not opened by then is given up and tried again. */
const CONNECT_TIMEOUT_MS = 4_000;

export type LiveSocketOptions = { host: string; party: string; room: string; query?: () => Record<string, string | undefined> };

export class LiveSocket extends EventTarget {
  /** The connection id the party knows this socket by (partyserver's `_pk`). */
  readonly id = crypto.randomUUID();
  private ws: WebSocket | null = null;
  private closed = false;
  private retries = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: LiveSocketOptions) {
    super();
    this.connect();
  }

  private url(): string {
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const params = new URLSearchParams({ _pk: this.id });
    for (const [k, v] of Object.entries(this.options.query?.() ?? {})) if (v !== undefined) params.set(k, v);
    return `${scheme}://${this.options.host}/parties/${this.options.party}/${encodeURIComponent(this.options.room)}?${params}`;
  }

  private connect(): void {
    if (this.closed) return;
    const ws = new WebSocket(this.url());
    this.ws = ws;
    let openedAt = 0;
    const timeout = setTimeout(() => ws.close(), CONNECT_TIMEOUT_MS);
    ws.addEventListener('open', () => {
      clearTimeout(timeout);
      openedAt = Date.now();
      this.dispatchEvent(new Event('open'));
    });
    ws.addEventListener('message', (event) => this.dispatchEvent(new MessageEvent('message', { data: event.data })));
    ws.addEventListener('close', () => {
      clearTimeout(timeout);
      if (this.ws !== ws || this.closed) return;
      if (openedAt && Date.now() - openedAt >= MIN_UPTIME_MS) this.retries = 0;
      this.retries++;
      const delay = Math.min(MAX_DELAY_MS, MIN_DELAY_MS * GROWTH ** (this.retries - 1));
      this.timer = setTimeout(() => this.connect(), delay);
    });
  }

  override addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  override addEventListener(type: 'open', listener: () => void): void;
  override addEventListener(type: string, listener: ((event: MessageEvent) => void) | (() => void)): void {
    super.addEventListener(type, listener as EventListener);
  }

  send(data: string): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(data);
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.ws?.close();
  }
}
