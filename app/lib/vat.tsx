// The VAT display state on the page. The server renders every price with the stored choice; with
// JavaScript a change updates every price at once (optimistic) while the choice is saved.
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { VatDisplay } from '../../core/vat';

export type VatCountryOption = { iso2: string; vatRateBp: number; eu: boolean };

type VatState = {
  display: VatDisplay;
  countries: VatCountryOption[];
  setDisplay(next: VatDisplay): void;
};

const VatContext = createContext<VatState | null>(null);

export function VatProvider({ display, countries, children }: { display: VatDisplay; countries: VatCountryOption[]; children: ReactNode }) {
  const [current, setCurrent] = useState(display);
  // A navigation or revalidation brings the server's view; it wins over the optimistic one.
  useEffect(() => setCurrent(display), [display.show, display.country, display.rateBp, display.forcedOff]);
  const value = useMemo(() => ({ display: current, countries, setDisplay: setCurrent }), [current, countries]);
  return <VatContext.Provider value={value}>{children}</VatContext.Provider>;
}

export function useVat(): VatState {
  const v = useContext(VatContext);
  if (!v) throw new Error('useVat outside VatProvider');
  return v;
}
