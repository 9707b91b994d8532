// The VAT display state on the page. The server renders every price with the stored choice; with
// JavaScript a change updates every price at once (optimistic) while the choice is saved.
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { VatDisplay } from '../../core/vat';

export type VatCountryOption = { iso2: string; vatRateBp: number; eu: boolean };

/** The default billing profile as the VAT widget shows it (spec §7): an invoice's name, else 'receipt'. */
export type VatProfile = { type: 'inv' | 'rec'; name: string } | null;

type VatState = {
  display: VatDisplay;
  countries: VatCountryOption[];
  setDisplay(next: VatDisplay): void;
  profile: VatProfile;
  /** The VAT widget reload call (spec §7) brings the display and the profile together. */
  setProfile(next: VatProfile): void;
};

const VatContext = createContext<VatState | null>(null);

export function VatProvider({ display, countries, profile = null, children }: { display: VatDisplay; countries: VatCountryOption[]; profile?: VatProfile; children: ReactNode }) {
  const [current, setCurrent] = useState(display);
  const [currentProfile, setProfile] = useState<VatProfile>(profile);
  // A navigation or revalidation brings the server's view; it wins over the optimistic one.
  useEffect(() => setCurrent(display), [display.show, display.country, display.rateBp, display.forcedOff]);
  useEffect(() => setProfile(profile), [profile?.type, profile?.name]);
  const value = useMemo(() => ({ display: current, countries, setDisplay: setCurrent, profile: currentProfile, setProfile }), [current, countries, currentProfile]);
  return <VatContext.Provider value={value}>{children}</VatContext.Provider>;
}

export function useVat(): VatState {
  const v = useContext(VatContext);
  if (!v) throw new Error('useVat outside VatProvider');
  return v;
}
