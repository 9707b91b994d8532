// Once a day, in the morning in Athens: raise the domains' expiry reminders due today (30, 7 and 1
// days before expiry) and e-mail them (issue #12 §6, decision 036).
import { createDb } from '../../db/client';
import { createServices } from '../services';

export async function remindersCron(env: Env, now: Date) {
  const services = createServices({ db: createDb(env.DB), env, now });
  return services.reminders.run();
}
