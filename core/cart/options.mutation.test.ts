// The option rules' edges that mutation testing found untested (issue #32 §6, decision 094): the
// default is the value marked so, wherever it stands in the list (it is what an unconfigured server
// is priced and built with), and the specs panel lists every choice of a category.
import { describe, expect, it } from 'vitest';
import { chosenOptions, optionsCents, specsByCategory, type OptionChoice } from './options';

const o = (name: string, value: string, category: string, monthlyCents = 0, isDefault = false): OptionChoice => ({ name, value, label: `${name}=${value}`, category, monthlyCents, isDefault });

describe('chosenOptions', () => {
  it('takes the marked default, not the first value, when nothing valid was saved', () => {
    const offered = [o('ddos', 'advanced', 'network', 1200), o('ddos', 'basic', 'network', 0, true)];
    expect(chosenOptions(offered).ddos!.value).toBe('basic');
    expect(chosenOptions(offered, { ddos: 'made-up' }).ddos!.value).toBe('basic');
    expect(optionsCents(chosenOptions(offered), 12)).toBe(0);
  });

  it('falls back to the first value when none is marked default', () => {
    expect(chosenOptions([o('ddos', 'advanced', 'network', 1200), o('ddos', 'basic', 'network')]).ddos!.value).toBe('advanced');
  });
});

describe('specsByCategory', () => {
  it('lists every chosen value of a category, and nothing else', () => {
    const chosen = chosenOptions([o('ram', '8', 'hardware', 0, true), o('disk', '100', 'hardware', 0, true), o('os', 'debian', 'software', 0, true)]);
    expect(specsByCategory(chosen)).toEqual([
      { category: 'hardware', items: [chosen.ram, chosen.disk] },
      { category: 'software', items: [chosen.os] },
    ]);
  });
});
