// Server options in the cart (spec §2 Cart step: configure link, specs panel; §3 Options; issue #5 §1):
// every option name has one chosen value (the default until the customer changes it); the monthly
// extras add to the price for the whole length; the specs panel lists the choices by category,
// without 'management'.
import { isListedOptionCategory } from '../catalog';

export type OptionChoice = { name: string; value: string; label: string; category: string; monthlyCents: number; isDefault: boolean; storageType?: string | null };

/** The chosen value per option name: the customer's where it is one of the offered values, else the default. */
export function chosenOptions(offered: readonly OptionChoice[], saved: Readonly<Record<string, string>> = {}): Record<string, OptionChoice> {
  const byName = new Map<string, OptionChoice[]>();
  for (const o of offered) byName.set(o.name, [...(byName.get(o.name) ?? []), o]);
  const out: Record<string, OptionChoice> = {};
  for (const [name, choices] of byName) {
    out[name] = choices.find((c) => c.value === saved[name]) ?? choices.find((c) => c.isDefault) ?? choices[0]!;
  }
  return out;
}

/** Monthly extras times the months of the chosen length. */
export function optionsCents(chosen: Readonly<Record<string, OptionChoice>>, months: number): number {
  return Object.values(chosen).reduce((sum, c) => sum + c.monthlyCents, 0) * months;
}

/** The specs panel: the choices by category, 'management' left out (spec §2). */
export function specsByCategory(chosen: Readonly<Record<string, OptionChoice>>): { category: string; items: OptionChoice[] }[] {
  const groups = new Map<string, OptionChoice[]>();
  for (const c of Object.values(chosen)) {
    if (!isListedOptionCategory(c.category)) continue;
    groups.set(c.category, [...(groups.get(c.category) ?? []), c]);
  }
  return [...groups].map(([category, items]) => ({ category, items }));
}

/** Server products whose cart items have a 'configure' link (VPS and dedicated, spec §2). */
export function isConfigurableType(type: string): boolean {
  return /vps|dedi/.test(type);
}
