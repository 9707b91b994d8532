// Every 5 minutes: the registries' poll queues (external transfers completed or rejected), decision 035.
import { createDb } from '../../db/client';
import { createServices } from '../services';

export async function registryPollCron(env: Env, now: Date) {
  const services = createServices({ db: createDb(env.DB), env, now });
  return services.registryPoll.pollAll();
}
