// Contact readiness per registry (spec §3 Contact profile '{registry}_ready', §5 Contacts). A contact
// missing what a registry needs is listed but cannot be chosen for that registry's domains.
import type { RegistryFamily } from '../catalog';
import { EEA_COUNTRIES } from '../domains/registry-rules';

export type ContactFields = {
  firstName: string;
  lastName: string;
  firstNameInt: string | null;
  lastNameInt: string | null;
  organisation: string | null;
  email: string;
  phone: string;
  address: string;
  city: string;
  postcode: string;
  countryIso2: string;
};

const GREEK = /\p{Script=Greek}/u;

/**
 * gr: complete postal data; eurid: the holder must be in the EEA (32104); icm and generic: names in
 * Latin script (international registries publish Latin data) — the Latin forms are enough when given.
 */
export function readiness(c: ContactFields): Record<`${RegistryFamily}_ready`, 0 | 1> {
  const complete = [c.firstName, c.lastName, c.email, c.phone, c.address, c.city, c.postcode, c.countryIso2].every((v) => v.trim() !== '');
  const latinName = (!GREEK.test(c.firstName) && !GREEK.test(c.lastName)) || (Boolean(c.firstNameInt?.trim()) && Boolean(c.lastNameInt?.trim()));
  return {
    gr_ready: complete ? 1 : 0,
    eurid_ready: complete && (EEA_COUNTRIES as readonly string[]).includes(c.countryIso2) ? 1 : 0,
    icm_ready: complete && latinName ? 1 : 0,
    generic_ready: complete && latinName ? 1 : 0,
  };
}
