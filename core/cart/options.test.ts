import { describe, expect, it } from 'vitest';
import { chosenOptions, isConfigurableType, optionsCents, specsByCategory, type OptionChoice } from './options';

const o = (name: string, value: string, category: string, monthlyCents = 0, isDefault = false): OptionChoice => ({ name, value, label: `${name}=${value}`, category, monthlyCents, isDefault });
const OFFERED = [o('ram', '8', 'hardware', 0, true), o('additional_ram', '0', 'hardware', 0, true), o('additional_ram', '4', 'hardware', 500), o('os', 'debian', 'software', 0, true), o('os', 'windows', 'software', 1500), o('support', 'basic', 'management', 0, true), o('support', 'premium', 'management', 2900)];

describe('server options in the cart', () => {
  it('takes the saved choice when offered, else the default', () => {
    const c = chosenOptions(OFFERED, { additional_ram: '4', os: 'made-up' });
    expect(c.additional_ram!.value).toBe('4');
    expect(c.os!.value).toBe('debian');
    expect(c.support!.value).toBe('basic');
  });
  it('adds the monthly extras for the whole length', () => {
    expect(optionsCents(chosenOptions(OFFERED, { additional_ram: '4', os: 'windows', support: 'premium' }), 12)).toBe((500 + 1500 + 2900) * 12);
  });
  it("lists specs by category without 'management'", () => {
    expect(specsByCategory(chosenOptions(OFFERED)).map((g) => g.category)).toEqual(['hardware', 'software']);
  });
  it('has a configure link for VPS and dedicated only', () => {
    expect(isConfigurableType('hosting-vps-linux')).toBe(true);
    expect(isConfigurableType('hosting-dedi')).toBe(true);
    expect(isConfigurableType('hosting-shared-linux')).toBe(false);
  });
});
