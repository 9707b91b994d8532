// The catalog's vocabularies and the display rules of spec §3/§9 that pages share.
export const registryFamilies = ['gr', 'eurid', 'icm', 'generic'] as const;
export type RegistryFamily = (typeof registryFamilies)[number];

export const domainActions = ['register', 'renew', 'transfer', 'transfer_renew', 'trade', 'rgp_restore'] as const;
export type DomainAction = (typeof domainActions)[number];

export const productFamilies = ['shared_linux', 'shared_windows', 'wordpress', 'semi_dedicated', 'cloud_vps', 'dedicated', 'ssl', 'addon'] as const;
export type ProductFamily = (typeof productFamilies)[number];

export const optionCategories = ['hardware', 'software', 'management', 'network'] as const;
export type OptionCategory = (typeof optionCategories)[number];
export const storageTypes = ['SSD', 'NVMe', 'HDD'] as const;

/** Spec §3/§9: the 'management' category is left out of the specs listing. */
export function isListedOptionCategory(category: string): boolean {
  return category !== 'management' && (optionCategories as readonly string[]).includes(category);
}

/** Spec §2: the VAT country select lists the EU countries plus OTHER (not GB, CH, UA). */
export function isSelectableVatCountry(country: { iso2: string; eu: boolean }): boolean {
  return country.eu || country.iso2 === 'OTHER';
}
