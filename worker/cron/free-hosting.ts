// Once a day: delete at the panel every free hosting the customer disabled whose delete_at has come
// (issue #23 §3). A panel failure leaves the row disabled, for the next run.
import { createDb } from '../../db/client';
import { createServices } from '../services';

export async function freeHostingCron(env: Env, now: Date) {
  const services = createServices({ db: createDb(env.DB), env, now });
  return services.freeHosting.deleteDue();
}
