// What the root loader gives every page (the header, side menus, cart, VAT control, live room …), as
// the components read it. Written out here rather than inferred from root.tsx's loader: root.tsx
// imports the app shell, whose components import this module, and an inferred type closed that
// circle of 18 files (issue #21 §1). root-data.check.ts proves the loader still gives this shape.
import type { AppLoadContext } from '@remix-run/cloudflare';
import { useRouteLoaderData } from '@remix-run/react';
import type { publicSeller } from '../../core/config';

type Services = AppLoadContext['services'];
type Session = NonNullable<Awaited<ReturnType<AppLoadContext['session']>>>;
type CartLine = Awaited<ReturnType<Services['cart']['view']>>['lines'][number];

export type RootData = {
  locale: 'el' | 'en';
  csrfToken: string;
  /** The CSP nonce of this response; <Scripts> and <ScrollRestoration> need it on their tags. */
  nonce: string;
  i18nHref: string;
  visitorId: string;
  /** The live room this page listens to: the user's own once logged in, else the browser's. */
  liveRoom: string;
  userGroup: Session['user']['userGroup'] | 'guest';
  account: { name: Session['user']['accountName']; email: Session['user']['email']; hasPbasAccount: Session['user']['hasPbasAccount'] } | null;
  /** The bell's count for a customer (decision 073); null for guests and on the admin host. */
  unreadNotifications: number | null;
  isAdminHost: boolean;
  demo: boolean;
  seller: ReturnType<typeof publicSeller>;
  vat: ReturnType<Services['preferences']['vatDisplay']>;
  vatProfile: { type: 'inv' | 'rec'; name: string } | null;
  countries: { iso2: string; vatRateBp: number; eu: boolean }[];
  cookiesAccepted: boolean;
  flash: ReturnType<Services['preferences']['consumeErrorCode']>['flash'];
  banners: { intervalMs: number; items: Awaited<ReturnType<Services['catalog']['banners']>>['banners'] };
  promotion: Awaited<ReturnType<Services['catalog']['runningPromotion']>>;
  cart: {
    count: number;
    items: { id: CartLine['id']; name: CartLine['name']; kind: CartLine['kind']; asciiName: CartLine['asciiName']; parentId: CartLine['parentId']; bundle: boolean; lengthMonths: CartLine['lengthMonths']; totalCents: number }[];
    subTotalCents: number;
  };
};

export function useRootData(): RootData {
  const data = useRouteLoaderData('root') as RootData | undefined;
  if (!data) throw new Error('root data missing');
  return data;
}
