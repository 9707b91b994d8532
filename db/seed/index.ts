export { seedCatalog, rowsPerInsert } from './seed-catalog';
