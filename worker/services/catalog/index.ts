export { createCatalogService, type LengthPrice, type ProductCard, type TldPricing } from './catalog';
export { elRefusals } from './el-rule';
export { createPromotionService } from './promotions';
