// Contacts: the customer's contact profiles and nameserver groups (contacts), and the contacts of each
// registered name at its registry (domain-contacts).
// The area's public face: other areas, routes, the API and cron import from here, never an inner file.
export { createDomainContactService, displayName, registryContact, type ContactColumns } from './domain-contacts';
export { createContactService } from './contacts';
