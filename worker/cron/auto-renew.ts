// Once a day: domain renewal orders N days before expiry, and the one payment step of every unpaid
// renewal order, domains and hosting (issue #25 §1, decision 080).
import { createDb } from '../../db/client';
import { createServices } from '../services';

export async function autoRenewCron(env: Env, now: Date) {
  return createServices({ db: createDb(env.DB), env, now }).autoRenew.run();
}
