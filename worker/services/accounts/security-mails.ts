// The login's own security notice (issue #33 §1): a completed login from a browser the account does
// not know. Kept beside auth.ts so the login's use cases stay readable; the words are the template's.
import { describeUserAgent } from '../../../core/sessions';
import type { ServiceDeps } from '../deps';
import { createMailService } from '../mail';
import type { SessionMeta } from './session-types';

/**
 * Told once per session (the session id is the event: a retried request makes a new session and a
 * new device record, so a new message). Never fails the login: the session stands without it.
 */
export async function newDeviceMail(deps: ServiceDeps, userId: number, meta: Pick<SessionMeta, 'ip' | 'userAgent'>, sessionId: string): Promise<void> {
  const { browser, os } = describeUserAgent(meta.userAgent);
  await createMailService(deps)
    .sendToUser({
      template: 'new_device_login',
      params: { at: deps.now, browser, os, ip: meta.ip.slice(0, 64) },
      userId,
      dedupeKey: `new-device:${userId}:${sessionId}`,
      tag: 'security:new_device',
    })
    .catch((e: unknown) => console.error('new-device mail failed', userId, e));
}
