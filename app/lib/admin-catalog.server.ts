// What the catalogue's new and edit pages share on the server (issue #22 §2): the data their form
// needs (attribute set, promotions with their windows), the form's values from a stored product, and
// the one save path: read the form with the core rules, then create or update through the service,
// answering field errors ('SKU {sku} unavailable' next to the SKU) or a catalogue code as an alert.
import { data, redirect, type AppLoadContext } from '@remix-run/cloudflare';
import { readProductForm, type FieldError } from '../../core/catalog-admin';
import { ErrorCode } from '../../core/errors';
import { requireStaff } from './auth.server';
import { readProtectedForm } from './forms.server';
import { codeData } from './route-error.server';

export type FormValues = Record<string, string[]>;
export type ProductActionData = { errors: Record<string, FieldError>; code: number | null; values: FormValues };

/** Cents as staff type euros: "1234,50" (no thousands separator, so it never reads two ways). */
export function centsToEuroText(cents: number | null): string {
  if (cents === null) return '';
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
}

export async function productFormData(context: AppLoadContext) {
  const service = context.services.catalogAdmin;
  const [attributes, promotions] = await Promise.all([service.attributes(), service.promotions()]);
  return { attributes, promotions, now: Date.now() };
}

type StoredProduct = NonNullable<Awaited<ReturnType<AppLoadContext['services']['catalogAdmin']['product']>>>;

export function valuesOfProduct(p: StoredProduct): FormValues {
  const values: FormValues = {
    sku: [p.sku],
    family: [p.family],
    name_el: [p.nameEl],
    name_en: [p.nameEn],
    summary_el: [p.summaryEl],
    summary_en: [p.summaryEn],
    setup_fee: [p.setupFeeCents ? centsToEuroText(p.setupFeeCents) : ''],
    active: p.active ? ['on'] : [],
    promotion_id: [p.promotionId ? String(p.promotionId) : ''],
    price_months: p.prices.map((r) => String(r.lengthMonths)),
    price_amount: p.prices.map((r) => centsToEuroText(r.priceCents)),
    price_promo: p.prices.map((r) => centsToEuroText(r.promoCents)),
    opt_category: p.options.map((o) => o.category),
    opt_name: p.options.map((o) => o.name),
    opt_value: p.options.map((o) => o.value),
    opt_label_el: p.options.map((o) => o.labelEl),
    opt_label_en: p.options.map((o) => o.labelEn),
    opt_price: p.options.map((o) => (o.monthlyCents ? centsToEuroText(o.monthlyCents) : '')),
  };
  for (const [id, v] of Object.entries(p.attributes)) values[`attr_${id}`] = [v];
  return values;
}

function valuesOfForm(form: FormData): FormValues {
  const values: FormValues = {};
  for (const [k, v] of form.entries()) if (k !== '_token' && k !== 'intent' && typeof v === 'string') (values[k] ??= []).push(v.slice(0, 300));
  return values;
}

/** The save of the new page (productId null) and of the edit page: a redirect, or the form again with its errors. */
export async function saveProduct(request: Request, context: AppLoadContext, productId: number | null) {
  const session = await requireStaff(request, context, 'catalog.manage');
  const form = await readProtectedForm(request, context);
  const service = context.services.catalogAdmin;
  const values = valuesOfForm(form);
  const fail = (status: number, errors: Record<string, FieldError>, code: number | null) => data<ProductActionData>({ errors, code, values }, status);
  const attributeIds = (await service.attributes()).map((a) => a.id);
  const read = readProductForm(form, attributeIds);
  if (!read.ok) return fail(read.code === ErrorCode.VALIDATION_ERROR ? 400 : read.code === ErrorCode.SUB_PRODUCT_CATEGORY_NOT_FOUND ? 404 : 409, read.errors, read.code === ErrorCode.VALIDATION_ERROR ? null : read.code);
  const actor = { userId: session.user.id, ip: context.ip };
  const saved = productId === null ? await service.createProduct(read.value, actor) : await service.updateProduct(productId, read.value, actor);
  if (saved.ok) return redirect(`/admin/catalog/${saved.id}?done=saved`, 303);
  if (saved.code === ErrorCode.UNRECOGNIZED_ACTION) throw data(codeData({ code: saved.code }), { status: 404 });
  if (saved.field === 'sku' && saved.code === ErrorCode.VALIDATION_ERROR) return fail(409, { sku: { key: 'errors.sku_taken', params: { sku: read.value.sku } } }, null);
  if (saved.field === 'sku') return fail(403, { sku: { key: 'errors.sku_sold' } }, saved.code);
  if (saved.field === 'promotion_id') return fail(400, { promotion_id: { key: 'errors.promotion_unknown' } }, null);
  return fail(400, {}, saved.code);
}
