// A type-level proof, read only by `tsc`: the root loader's data gives every field the components
// read through useRootData (RootData). It lives apart from root-data.ts so that no component's
// imports lead back to root.tsx (issue #21 §1); nothing imports this file.
import type { loader } from '../root';
import type { RootData } from './root-data';

type LoaderData = Awaited<ReturnType<typeof loader>>['data'];

export type RootLoaderGivesRootData = LoaderData extends RootData ? true : false;
export const rootLoaderGivesRootData: RootLoaderGivesRootData = true;
