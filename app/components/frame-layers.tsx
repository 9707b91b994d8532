// What the storefront's frame (app-shell.tsx) and the back office's (admin/staff-frame.tsx) share: the
// providers of alerts and dialogs, the VAT display and the live channels, and, for the back office,
// the alert region, the page dialogs and the live notices. The root draws them around either frame,
// so the back-office layout imports none of them: a module shared by the root and a route becomes a
// chunk of its own that every storefront page loads (decision 057's JavaScript budget).
import type { ReactNode } from 'react';
import { LiveProvider } from '../lib/live';
import { useRootData } from '../lib/root-data';
import { UiProvider } from '../lib/ui';
import { VatProvider } from '../lib/vat';
import { AlertRegion, PageDialogs } from './feedback';
import { LiveNotices } from './live-notices';

export function FrameProviders({ children }: { children: ReactNode }) {
  const root = useRootData();
  return (
    <UiProvider initialAlerts={root.flash}>
      <VatProvider display={root.vat} countries={root.countries} profile={root.vatProfile}>
        <LiveProvider room={root.liveRoom}>{children}</LiveProvider>
      </VatProvider>
    </UiProvider>
  );
}

/** The back office's alerts, dialogs and live notices (the storefront's shell draws its own in place). */
export function StaffLayers() {
  return (
    <>
      <AlertRegion />
      <PageDialogs />
      <LiveNotices />
    </>
  );
}
