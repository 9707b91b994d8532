import { createDb } from '../../db/client';
import { createServices } from '../services';

export async function promotionsCron(env: Env, now: Date) {
  return createServices({ db: createDb(env.DB), env, now }).promotions.tick();
}
