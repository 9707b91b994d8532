// Catalog: what is for sale and at what price (TLDs, products, the read-cached price list), promotions,
// and the .ελ rule of who may buy a name (el-rule).
// The area's public face: other areas, routes, the API and cron import from here, never an inner file.
export { createCatalogService, type LengthPrice, type ProductCard, type TldPricing } from './catalog';
export { createCatalogAdminService, type CatalogAdminService, type CatalogChange, type StaffActor } from './admin-catalog';
export type { ProductFilters, ProductRow } from './admin-reads';
export { elRefusals } from './el-rule';
export { createPromotionService } from './promotions';
