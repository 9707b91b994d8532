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
