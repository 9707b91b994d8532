import { publicSeller } from '../core/config';
import { data, type LinksFunction, type LoaderFunctionArgs } from '@remix-run/cloudflare';
import type { ShouldRevalidateFunction } from '@remix-run/react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useLocation, useMatches, useRouteError, useRouteLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { useChangeLanguage } from 'remix-i18next/react';
import { CART_HINT_COOKIE } from '../core/cart/types';
import { ErrorCode } from '../core/errors';
import { readCookie } from '../worker/http/cookies';
import { RESOURCES_VERSION } from '../i18n/resources';
import { AppShell } from './components/app-shell';
import { DemoRibbon } from './components/demo-ribbon';
import { ErrorContent, errorTitle } from './components/error-page';
import { FrameProviders, StaffLayers } from './components/frame-layers';
import { i18nServer } from './i18n.server';
import { isStaffFramePath } from './lib/staff-frame';
import stylesheet from './styles/app.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const locale = await i18nServer.getLocale(request);
  // The back office's frame draws no cart, banner or promotion (issue #22 §1): its pages neither read
  // them nor carry them in every page's data (issue #32 §5). The storefront on the admin host still does.
  const staffFrame = context.isAdminHost && isStaffFramePath(new URL(request.url).pathname);
  const [countries, banners, promotion, session] = await Promise.all([
    context.services.catalog.countries(),
    staffFrame ? { intervalMs: 0, banners: [] } : context.services.catalog.banners(locale === 'en' ? 'en' : 'el'),
    staffFrame ? null : context.services.catalog.runningPromotion(locale === 'en' ? 'en' : 'el'),
    context.session(),
  ]);
  const prefs = context.services.preferences;
  // Spec §4 VAT display: a reverse-charged default billing profile forces prices without VAT.
  const defaultProfile = session ? await context.services.orders.defaultProfile(session.user.id) : null;
  const vat = prefs.vatDisplay(context.prefs, countries, { vatWaived: defaultProfile?.vatWaived === true });
  const cartOwner = context.services.cart.ownerOf(session, context.visitorId);
  // A guest whose hint cookie says the cart is empty costs no Durable Object round trip (most visitors).
  const hint = readCookie(request, CART_HINT_COOKIE);
  const emptyGuest = !session && (hint === null || hint === '0');
  const cart = emptyGuest || staffFrame
    ? { count: 0, lines: [], totals: { subTotalCents: 0 } }
    : await context.services.cart.view(cartOwner, { lang: locale === 'en' ? 'en' : 'el', vatRateBp: vat.rateBp, withConfig: false });
  const { flash, setCookie } = prefs.consumeErrorCode(request, locale === 'en' ? 'en' : 'el');
  const headers = new Headers();
  if (setCookie) headers.append('Set-Cookie', setCookie);
  // Issue #22 §2: staff suspended this browser's customer (every session ended); this page says so.
  const suspended = session || context.isAdminHost ? null : await context.services.auth.takeSuspendedSession(request);
  if (suspended) {
    headers.append('Set-Cookie', suspended.setCookie);
    flash.push(prefs.codeFlash(ErrorCode.ACCOUNT_SUSPENDED, locale === 'en' ? 'en' : 'el'));
  }
  // Issue #25 §6: the page a new customer lands on after registering greets them, once.
  const welcome = prefs.consumeWelcome(request, locale === 'en' ? 'en' : 'el', session ? session.user.firstName : null);
  if (welcome.setCookie) headers.append('Set-Cookie', welcome.setCookie);
  if (welcome.flash) flash.push(welcome.flash);
  const dismissed = prefs.dismissedBanners(request);
  // The header's bell (decision 073): a page view's session check read the count in its own batch.
  const unreadNotifications = session && !context.isAdminHost ? await context.services.notifications.unreadCount(session.user.id) : null;
  return data(
    {
      locale: locale === 'en' ? ('en' as const) : ('el' as const),
      csrfToken: context.csrfToken,
      // The CSP nonce of this response; <Scripts> and <ScrollRestoration> need it on their tags.
      nonce: context.nonce,
      i18nHref: `/locales/${locale === 'en' ? 'en' : 'el'}?v=${RESOURCES_VERSION[locale === 'en' ? 'en' : 'el']}`,
      visitorId: context.visitorId,
      // The live room this page listens to: the user's own once logged in, else the browser's.
      liveRoom: session ? `u-${session.user.id}` : context.visitorId,
      userGroup: session ? session.user.userGroup : ('guest' as const),
      account: session ? { name: session.user.accountName, email: session.user.email, hasPbasAccount: session.user.hasPbasAccount } : null,
      unreadNotifications,
      isAdminHost: context.isAdminHost,
      // Production running any port as its sandbox (SANDBOX_PORTS): every page shows the demo ribbon.
      demo: context.config.demo,
      // The seller customers see in the footer and the support texts: the one of the invoices (issue #20 §1).
      seller: publicSeller(context.config.seller),
      vat,
      // Spec §7 VAT widget: an invoice profile's name, or the 'receipt' label, shows in the VAT control.
      vatProfile: defaultProfile ? { type: defaultProfile.type === 'INV' ? ('inv' as const) : ('rec' as const), name: defaultProfile.name } : null,
      countries: countries.map((c) => ({ iso2: c.iso2, vatRateBp: c.vatRateBp, eu: c.eu })),
      cookiesAccepted: context.prefs.cookiesAccepted,
      flash,
      banners: { intervalMs: banners.intervalMs, items: banners.banners.filter((b) => !dismissed.includes(b.slug)) },
      promotion,
      // The header dropdown, side cart and mobile bar (spec §2 Cart): names, prices, the count.
      cart: {
        count: cart.count,
        items: cart.lines.map((l) => ({ id: l.id, name: l.name, kind: l.kind, asciiName: l.asciiName, parentId: l.parentId, bundle: l.relation === 'bundle', lengthMonths: l.lengthMonths, totalCents: l.price?.totalCents ?? 0 })),
        subTotalCents: cart.totals.subTotalCents,
      },
    },
    { headers },
  );
}

// Crossing between the back office's frame and the storefront (both on the admin host) reads the root
// again: the staff frame's data has no cart or banners for the storefront's shell to draw.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || isStaffFramePath(currentUrl.pathname) !== isStaffFramePath(nextUrl.pathname);

export function Layout({ children }: { children: React.ReactNode }) {
  // Undefined when the root loader itself failed: the error boundary still needs a document.
  const root = useRouteLoaderData<typeof loader>('root');
  const { i18n } = useTranslation();
  const locale = root?.locale ?? (i18n.language === 'en' ? 'en' : 'el');
  // An error page has no route meta (the failed route's meta never runs and the root has none), so
  // the document would have no <title>: the root error boundary's heading names it.
  // (null, not undefined, outside an error: the default of react-router's RouteErrorContext)
  const error = useRouteError();
  return (
    <html lang={locale} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b3d91" />
        <Meta />
        {error != null ? <title>{i18n.t('errors:error_meta_title', { title: errorTitle(error, i18n.t), brand: i18n.t('common:brand.name') })}</title> : null}
        <Links />
        {/* The translations the browser needs to hydrate: fetched in parallel with the scripts. */}
        {root ? <link rel="preload" as="fetch" href={root.i18nHref} crossOrigin="anonymous" id="i18n-resources" /> : null}
      </head>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        {root?.demo ? <DemoRibbon /> : null}
        {children}
        <ScrollRestoration nonce={root?.nonce} />
        <Scripts nonce={root?.nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const root = useLoaderData<typeof loader>();
  useChangeLanguage(root.locale);
  // The back office (routes/admin.tsx, handle.frame 'staff') draws its own frame: no banner, cart,
  // VAT control, cookie notice, toolbox or shop footer there (issue #22 §1).
  const staffFrame = useMatches().some((m) => (m.handle as { frame?: unknown } | undefined)?.frame === 'staff');
  if (staffFrame) {
    return (
      <FrameProviders>
        <Outlet />
        <StaffLayers />
      </FrameProviders>
    );
  }
  return (
    <FrameProviders>
      <AppShell>
        <Outlet />
      </AppShell>
    </FrameProviders>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<typeof loader>('root');
  const location = useLocation();
  const content = <ErrorContent error={error} />;
  // The back office has its own frame (routes/admin.tsx) and never the storefront's; an error its
  // layout could not catch (its own loader failed) shows bare. With the root data elsewhere (a 404,
  // a refused action) the page keeps the storefront's header and navigation.
  if (root?.isAdminHost && isStaffFramePath(location.pathname)) return <main id="main">{content}</main>;
  return root ? (
    <FrameProviders>
      <AppShell>{content}</AppShell>
    </FrameProviders>
  ) : (
    <main id="main">{content}</main>
  );
}
