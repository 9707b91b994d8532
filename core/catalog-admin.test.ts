import { describe, expect, it } from 'vitest';
import { isConfigured, isValidAttributeName, isValidSku, productTypeFor, readProductForm } from './catalog-admin';
import { ErrorCode } from './errors';

function fd(fields: [string, string][]) {
  const f = new FormData();
  for (const [k, v] of fields) f.append(k, v);
  return f;
}
const base: [string, string][] = [
  ['sku', 'web_start'],
  ['family', 'shared_linux'],
  ['name_el', 'Ξεκίνημα'],
  ['name_en', 'Start'],
  ['active', 'on'],
  ['price_months', '1'],
  ['price_amount', '4,90'],
  ['price_promo', ''],
];

describe('SKU and attribute names', () => {
  it('takes lower-case words of 3 to 40 characters that start with a letter', () => {
    expect(isValidSku('web_start')).toBe(true);
    expect(isValidSku('vps-2')).toBe(true);
    expect(isValidSku('ab')).toBe(false);
    expect(isValidSku('Web_start')).toBe(false);
    expect(isValidSku('1web')).toBe(false);
    expect(isValidSku('web start')).toBe(false);
    expect(isValidSku('a'.repeat(40))).toBe(true);
    expect(isValidSku('a'.repeat(41))).toBe(false);
  });
  it('attribute names are machine words without hyphens', () => {
    expect(isValidAttributeName('disk')).toBe(true);
    expect(isValidAttributeName('mail_boxes')).toBe(true);
    expect(isValidAttributeName('d')).toBe(false);
    expect(isValidAttributeName('mail-boxes')).toBe(false);
    expect(isValidAttributeName('Disk')).toBe(false);
  });
  it('gives each family its cart item type', () => {
    expect(productTypeFor('shared_linux')).toBe('hosting-shared-linux');
    expect(productTypeFor('cloud_vps')).toBe('hosting-vps-linux');
  });
});

describe('readProductForm', () => {
  it('reads euros into integer cents, one line per length, sorted', () => {
    const r = readProductForm(fd([...base, ['price_months', '12'], ['price_amount', '49.00'], ['price_promo', '39,00'], ['promotion_id', '3'], ['setup_fee', '10'], ['attr_7', '10 GB'], ['attr_8', '']]), [7, 8]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.prices).toEqual([
      { months: 1, priceCents: 490, promoCents: null },
      { months: 12, priceCents: 4900, promoCents: 3900 },
    ]);
    expect(r.value.setupFeeCents).toBe(1000);
    expect(r.value.promotionId).toBe(3);
    expect([...r.value.attributes]).toEqual([[7, '10 GB']]);
  });
  it('refuses a bad SKU, a length not sold, the same length twice and an offer not below the price', () => {
    const r = readProductForm(fd([...base.map(([k, v]): [string, string] => [k, k === 'sku' ? 'Bad SKU' : v]), ['price_months', '2'], ['price_amount', '5'], ['price_promo', ''], ['price_months', '1'], ['price_amount', '5'], ['price_promo', ''], ['price_months', '12'], ['price_amount', '50'], ['price_promo', '50'], ['promotion_id', '1']]), []);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.sku?.key).toBe('errors.sku_format');
    expect(r.errors['price_months.1']?.key).toBe('errors.length');
    expect(r.errors['price_months.2']?.key).toBe('errors.length_twice');
    expect(r.errors['price_promo.3']?.key).toBe('errors.promo_not_lower');
    expect(r.code).toBe(ErrorCode.VALIDATION_ERROR);
  });
  it('an offer price needs a promotion to run under', () => {
    const r = readProductForm(fd([...base.slice(0, 7), ['price_promo', '3']]), []);
    expect(r.ok === false && r.errors.promotion_id?.key).toBe('errors.promotion_needed');
  });
  it('an unknown family is 10009', () => {
    const r = readProductForm(fd(base.map(([k, v]): [string, string] => [k, k === 'family' ? 'ssl' : v])), []);
    expect(r.ok === false && r.code).toBe(ErrorCode.SUB_PRODUCT_CATEGORY_NOT_FOUND);
  });
  it('a product to be shown without any price is 10005; hidden, it may wait for its prices', () => {
    const noPrice = base.filter(([k]) => !k.startsWith('price_'));
    const shown = readProductForm(fd(noPrice), []);
    expect(shown.ok === false && shown.code).toBe(ErrorCode.CATALOG_PRODUCT_REQUIRES_CONFIGURATION);
    const hidden = readProductForm(fd(noPrice.filter(([k]) => k !== 'active')), []);
    expect(hidden.ok).toBe(true);
    expect(isConfigured({ prices: [] })).toBe(false);
    expect(isConfigured({ prices: [{ months: 1, priceCents: 1, promoCents: null }] })).toBe(true);
  });
  it('reads options per category with a monthly price; the same option twice is 10010, an unknown category 10009', () => {
    const opt = (c: string, n: string, v: string, p: string): [string, string][] => [['opt_category', c], ['opt_name', n], ['opt_value', v], ['opt_label_el', v], ['opt_label_en', v], ['opt_price', p]];
    const ok = readProductForm(fd([...base, ...opt('hardware', 'ram', '4', '2,50'), ...opt('hardware', '', '', '')]), []);
    expect(ok.ok && ok.value.options).toEqual([{ category: 'hardware', name: 'ram', value: '4', labelEl: '4', labelEn: '4', monthlyCents: 250 }]);
    const twice = readProductForm(fd([...base, ...opt('hardware', 'ram', '4', '1'), ...opt('hardware', 'ram', '4', '2')]), []);
    expect(twice.ok === false && twice.code).toBe(ErrorCode.DEDICATED_EXTRA_DETAIL_ALREADY_EXISTS);
    const cat = readProductForm(fd([...base, ...opt('storage', 'ram', '4', '1')]), []);
    expect(cat.ok === false && cat.code).toBe(ErrorCode.SUB_PRODUCT_CATEGORY_NOT_FOUND);
  });
  it('refuses a price of zero, a negative one and one past the ceiling', () => {
    for (const a of ['0', '-1', '100001']) {
      const r = readProductForm(fd([...base.slice(0, 6), ['price_amount', a]]), []);
      expect(r.ok === false && r.errors['price_amount.0']?.key).toBe('errors.amount');
    }
  });
});
