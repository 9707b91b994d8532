export { createDomainContactService, displayName, registryContact, type ContactColumns } from './domain-contacts';
export { createContactService } from './contacts';
