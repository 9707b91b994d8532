// The service as its pages' layout loaded it (synced with the panel): the child pages (overview,
// server, plan) read it here instead of asking the panel again.
import { useRouteLoaderData } from '@remix-run/react';
import type { loader } from '../../routes/account.hosting.$id';

export const SERVICE_LAYOUT_ID = 'routes/account.hosting.$id';

export function useServiceData() {
  const d = useRouteLoaderData<typeof loader>(SERVICE_LAYOUT_ID);
  if (!d) throw new Error('useServiceData outside the service pages');
  return d;
}
