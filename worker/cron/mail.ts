// Every 5 minutes: the mail queue's further attempts (issue #33 §2) — messages whose first delivery
// failed, or whose sending run died, are tried again when their wait is over.
import { createDb } from '../../db/client';
import { createServices } from '../services';

export async function mailCron(env: Env, now: Date) {
  const services = createServices({ db: createDb(env.DB), env, now });
  return services.mail.deliverDue();
}
