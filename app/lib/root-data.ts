import { useRouteLoaderData } from '@remix-run/react';
import type { loader } from '../root';

export type RootData = Awaited<ReturnType<typeof loader>>['data'];

export function useRootData(): RootData {
  const data = useRouteLoaderData<typeof loader>('root');
  if (!data) throw new Error('root data missing');
  return data as RootData;
}
