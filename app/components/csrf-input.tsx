import { useRootData } from '../lib/root-data';

/** The `_token` every state-changing form carries (worker/http/csrf.ts). */
export function CsrfInput() {
  const { csrfToken } = useRootData();
  return <input type="hidden" name="_token" value={csrfToken} />;
}
