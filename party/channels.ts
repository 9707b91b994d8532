// Channel names and party names without zod, so the browser can import them without the schema.
export const USER_CHANNELS = [
  'auth',
  'session',
  'hosting',
  'cart',
  'billing',
  'contacts',
  'domain',
  'account',
  'ssl',
  'newsletter',
  'notifications',
] as const;
export const GLOBAL_CHANNELS = ['global-notifications', 'global-promotions'] as const;
export type UserChannel = (typeof USER_CHANNELS)[number];
export type GlobalChannel = (typeof GLOBAL_CHANNELS)[number];
export type Channel = UserChannel | GlobalChannel;

export const PARTY_USER = 'user';
export const PARTY_GLOBAL = 'global';
export const GLOBAL_ROOM = 'main';

/** The one rule of the envelope: a page ignores its own events. */
export function isOwnEcho(message: { unique_id: string | null }, pageId: string): boolean {
  return message.unique_id !== null && message.unique_id === pageId;
}

export type LiveFrame =
  | { kind: 'hello'; seq: number }
  | { kind: 'event'; seq: number | null; own: boolean; message: { channel: Channel; event: string; unique_id: string | null; data: unknown } };

/**
 * How a page reads one socket frame: the party's hello (its last sequence number), or an event
 * with `own` set when the page itself caused it (the page then ignores it). Foreign frames → null.
 */
export function readLiveFrame(raw: unknown, pageId: string): LiveFrame | null {
  if (typeof raw !== 'string' || raw === 'pong') return null;
  let frame: unknown;
  try {
    frame = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!frame || typeof frame !== 'object') return null;
  const f = frame as Record<string, unknown>;
  if (f.type === 'hello') return { kind: 'hello', seq: typeof f.seq === 'number' ? f.seq : 0 };
  if (typeof f.channel !== 'string' || typeof f.event !== 'string' || !('data' in f)) return null;
  const uniqueId = typeof f.unique_id === 'string' ? f.unique_id : null;
  return {
    kind: 'event',
    seq: typeof f.seq === 'number' ? f.seq : null,
    own: isOwnEcho({ unique_id: uniqueId }, pageId),
    message: { channel: f.channel as Channel, event: f.event, unique_id: uniqueId, data: f.data },
  };
}
