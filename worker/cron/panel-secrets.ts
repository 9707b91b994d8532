// Every five minutes (decision 091): seals the free-hosting panel passwords still kept in plain text
// (rows written before the secrets key existed) and seals again under the current key what an old key
// of a rotation sealed, a batch per run. Once done, each run is one read of an index with no rows.
import { createDb } from '../../db/client';
import { createPanelSecrets } from '../services/hosting';

export async function panelSecretsCron(env: Env, _now: Date) {
  return createPanelSecrets({ db: createDb(env.DB), env }).sealPending();
}
