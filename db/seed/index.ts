export { seedCatalog, rowsPerInsert } from './seed-catalog';
export { DEMO_USERS, seedDemoUsers } from './demo-users';
export { seedRegistries } from './seed-registries';
export { DEMO_COUPONS, seedCoupons } from './coupons';
export { DEMO_CREDIT, seedDemoCredit } from './credits';
export { DEMO_CONTACTS, seedDemoContacts } from './demo-contacts';
export { DEMO_DOCUMENTS, seedDemoDocuments } from './documents';
export { DEMO_HOSTING, seedDemoHosting, seedPortfolioHosting } from './demo-hosting';
