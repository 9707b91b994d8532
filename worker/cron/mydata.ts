// Every 5 minutes: legal documents myDATA has not taken yet (network, AADE down, a credit note whose
// original had no MARK) are sent again when their back-off is over (decision 041).
import { createDb } from '../../db/client';
import { createServices } from '../services';

export async function mydataCron(env: Env, now: Date) {
  const services = createServices({ db: createDb(env.DB), env, now });
  return services.mydata.retryDue();
}
