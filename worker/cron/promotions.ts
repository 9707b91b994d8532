import { createDb } from '../../db/client';
import { createPromotionService } from '../services/promotions';

export async function promotionsCron(env: Env, now: Date) {
  return createPromotionService({ db: createDb(env.DB), env, now }).tick();
}
