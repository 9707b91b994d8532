// Spec §8, domains: registry and WHOIS, domain search and registration, nameservers and domain contacts.
import type { Row } from './catalogue-entry';

/** Registry and WHOIS. */
export const REGISTRY_WHOIS_ROWS = [
  [26000, 'registry_maintenance', 'form_alert', 503],
  [26050, 'transfer_not_allowed_domain_not_registered', 'alert', 400],
  [27000, 'whois_not_supported_for_this_domain', 'alert', 400],
  [27001, 'whois_communications_failed', 'alert', 502],
  [27002, 'whois_responded_with_error', 'alert', 502],
  [27003, 'whois_responded_no_result', 'alert', 404],
  [27004, 'whois_search_no_tld_given', 'alert', 400],
  [28000, 'cookie_invalid_name', 'alert', 400],
] as const satisfies readonly Row[];

/** Domain search and registration (the spec's starred codes are form alerts). */
export const DOMAIN_SEARCH_ROWS = [
  [30001, 'empty_search', 'alert', 400],
  [30002, 'too_long_search', 'alert', 400],
  [30003, 'no_tld', 'alert', 400],
  [30005, 'multiple_registries', 'alert', 400],
  [30006, 'not_enough_tld', 'alert', 400],
  [30008, 'domain_keyword_not_valid', 'alert', 400],
  [30009, 'domain_is_not_valid', 'form_alert', 400],
  [30010, 'domain_check_failed', 'form_alert', 502],
  [30012, 'domain_authorization_code_sent', 'success', 200],
  [30013, 'domain_info_failed', 'form_alert', 502],
  [30014, 'domain_does_not_exist', 'form_alert', 404],
  [30015, 'send_authorization_code_failed', 'alert', 502],
  [30019, 'invalid_domain_cant_be_registered', 'form_alert', 400],
  [30020, 'domain_max_length_reached', 'form_alert', 400],
  // The spec gives only a sentence ('the domain registrant is already the provider').
  [30021, 'domain_registrant_already_provider', 'form_alert', 409],
  [30022, 'invalid_epp_auth', 'form_alert', 400],
  [30023, 'domain_not_registered_cant_be_transferred_not_registered', 'form_alert', 400],
  [30024, 'can_not_get_premium_quote', 'form_alert', 502],
  [30025, 'domain_register_failed', 'form_alert', 502],
  [30026, 'domain_not_registered_cant_be_transferred_syntax_error', 'form_alert', 400],
  [30027, 'domain_not_registered_cant_be_transferred_tld_unsupported', 'form_alert', 400],
  [30034, 'domain_check_renew_with_auto_renew_failed', 'form_alert', 502],
] as const satisfies readonly Row[];

/** Nameservers and domain contacts. */
export const NAMESERVER_CONTACT_ROWS = [
  [32006, 'host_in_use_delete_not_allowed', 'alert', 409],
  [32050, 'nameserver_could_not_update', 'alert', 502],
  [32051, 'nameserver_could_not_get_info', 'alert', 502],
  [32052, 'nameserver_exceed_upper_limit', 'alert', 400],
  [32053, 'nameserver_do_not_cover_lower_limit', 'alert', 400],
  [32060, 'nameserver_does_not_have_host', 'alert', 400],
  [32075, 'nameserver_group_does_not_exist', 'alert', 404],
  [32077, 'nameserver_group_creation_failed', 'alert', 500],
  [32078, 'nameserver_group_import_failed', 'alert', 500],
  // The spec lists 32100 under two names and says both readings stand; entryByCode gives the first.
  [32100, 'contact_update_chargeable', 'warning', 402],
  [32100, 'contact_maximum_reached', 'alert', 409],
  [32101, 'contact_update_not_allowed_for_role', 'alert', 403],
  [32103, 'domain_contact_update_failed', 'alert', 502],
  [32104, 'contact_not_in_eu', 'alert', 400],
  [32107, 'auxiliary_contacts_remove_failed', 'alert', 502],
] as const satisfies readonly Row[];
