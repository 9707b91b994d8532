// The catalogue's worker tests share these: a product form as staff post it (repeated fields in order),
// and a fresh SKU per test.
import { uniqueName } from './customers';

export const ADMIN = 'http://admin.localhost';

export type Pairs = [string, string][];

/** A POST of repeated fields (price_months, price_amount … in order), as a browser sends a form. */
export function formPairs(pairs: Pairs): RequestInit {
  return { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(pairs).toString() };
}

export function freshSku(prefix = 'tst'): string {
  return uniqueName(`${prefix}_`).toLowerCase().replace(/[^a-z0-9_-]/g, '').slice(0, 40);
}

/** A shown cloud VPS product with two lengths, ready to be sold. */
export function productPairs(token: string, sku: string, o: { monthly?: string; yearly?: string; active?: boolean; family?: string; extra?: Pairs } = {}): Pairs {
  return [
    ['_token', token],
    ['intent', 'save'],
    ['sku', sku],
    ['family', o.family ?? 'cloud_vps'],
    ['name_el', `Δοκιμή ${sku}`],
    ['name_en', `Test ${sku}`],
    ['summary_el', ''],
    ['summary_en', ''],
    ['setup_fee', '15'],
    ...((o.active ?? true) ? ([['active', 'on']] as Pairs) : []),
    ['price_months', '1'],
    ['price_amount', o.monthly ?? '9,90'],
    ['price_promo', ''],
    ['price_months', '12'],
    ['price_amount', o.yearly ?? '99,00'],
    ['price_promo', ''],
    ['promotion_id', ''],
    ...(o.extra ?? []),
  ];
}
