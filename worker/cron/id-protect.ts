// Once a day, with the expiry reminders: ID protect's paid period (issue #20 §4): a reminder some
// days before it ends, and the protection turned off (registry, then ours) once it has.
import { createDb } from '../../db/client';
import { createServices } from '../services';

export async function idProtectCron(env: Env, now: Date) {
  return createServices({ db: createDb(env.DB), env, now }).idProtect.run();
}
