// Once a day: hosting renewal documents, suspension of unpaid services and their deletion (issue #23 §1).
import { createDb } from '../../db/client';
import { createServices } from '../services';

export async function hostingRenewalsCron(env: Env, now: Date) {
  return createServices({ db: createDb(env.DB), env, now }).hostingRenewals.run();
}
