// The staff catalogue form's edges that mutation testing found untested (issue #32 §6, decision 094):
// each field's own error (a form without JavaScript shows it next to that field), the bounds of a
// price, rows left blank or half filled, an option listed twice, and the list's filters. What this
// reads is what the storefront charges: a price of 0,00 or a promotion above its price must not pass.
import { describe, expect, it } from 'vitest';
import { isConfigured, MAX_PRICE_CENTS, parseProductFilters, readProductForm } from './catalog-admin';
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
  ['price_months', '1'],
  ['price_amount', '4,90'],
];
const without = (...names: string[]) => base.filter(([k]) => !names.includes(k));
const read = (fields: [string, string][], attributeIds: number[] = []) => readProductForm(fd(fields), attributeIds);
const value = (fields: [string, string][]) => {
  const r = read(fields);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
};
const errors = (fields: [string, string][]) => {
  const r = read(fields);
  return r.ok ? null : { errors: r.errors, code: r.code };
};
const option = (over: Partial<Record<'opt_category' | 'opt_name' | 'opt_value' | 'opt_label_el' | 'opt_label_en' | 'opt_price', string>> = {}, drop: string[] = []): [string, string][] =>
  Object.entries({ opt_category: 'hardware', opt_name: 'disk', opt_value: '100', opt_label_el: 'Δίσκος 100 GB', opt_label_en: 'Disk 100 GB', opt_price: '1,50', ...over }).filter(([k]) => !drop.includes(k));

describe('parseProductFilters', () => {
  it('takes a known family and state, and nothing else', () => {
    expect(parseProductFilters(new URLSearchParams('family=cloud_vps&state=active'))).toEqual({ family: 'cloud_vps', state: 'active' });
    expect(parseProductFilters(new URLSearchParams('state=hidden'))).toEqual({ family: null, state: 'hidden' });
    expect(parseProductFilters(new URLSearchParams('family=vps&state=all'))).toEqual({ family: null, state: null });
    expect(parseProductFilters(new URLSearchParams(''))).toEqual({ family: null, state: null });
  });
});

describe('isConfigured', () => {
  it('needs a length with a price above nothing', () => {
    expect(isConfigured({ prices: [{ months: 1, priceCents: 0, promoCents: null }] })).toBe(false);
    expect(isConfigured({ prices: [{ months: 1, priceCents: 1, promoCents: null }] })).toBe(true);
  });
});

describe('readProductForm: the product fields', () => {
  it('trims what is typed and cuts a name at 120 characters, the summaries at 300', () => {
    const v = value([...without('sku', 'name_el'), ['sku', '  web_start  '], ['name_el', 'Α'.repeat(130)], ['summary_el', 'Σύνοψη'], ['summary_en', 'Summary']]);
    expect(v.sku).toBe('web_start');
    expect(v.nameEl).toBe('Α'.repeat(120));
    expect([v.summaryEl, v.summaryEn]).toEqual(['Σύνοψη', 'Summary']);
  });

  it('says which field is missing or wrong', () => {
    expect(errors(without('sku'))).toEqual({ errors: { sku: { key: 'errors.required' } }, code: ErrorCode.VALIDATION_ERROR });
    expect(errors([...without('family'), ['family', 'vps']])).toEqual({ errors: { family: { key: 'errors.family_unknown' } }, code: ErrorCode.SUB_PRODUCT_CATEGORY_NOT_FOUND });
    expect(errors(without('name_el'))).toEqual({ errors: { name_el: { key: 'errors.required' } }, code: ErrorCode.VALIDATION_ERROR });
    expect(errors(without('name_en'))).toEqual({ errors: { name_en: { key: 'errors.required' } }, code: ErrorCode.VALIDATION_ERROR });
  });

  it('is shown on the storefront with "on" or "1", and then needs a price', () => {
    expect(value([...base, ['active', '1']]).active).toBe(true);
    expect(value([...base, ['active', 'yes']]).active).toBe(false);
    expect(errors([...without('price_months', 'price_amount'), ['active', '1']])).toEqual({ errors: { price_amount: { key: 'errors.needs_price' } }, code: ErrorCode.CATALOG_PRODUCT_REQUIRES_CONFIGURATION });
  });

  it('takes a set-up fee of nothing, and reports a wrong one on its field', () => {
    expect(value([...base, ['setup_fee', '0']]).setupFeeCents).toBe(0);
    expect(value([...base, ['setup_fee', '12,00']]).setupFeeCents).toBe(1200);
    expect(errors([...base, ['setup_fee', 'δώδεκα']])).toEqual({ errors: { setup_fee: { key: 'errors.amount' } }, code: ErrorCode.VALIDATION_ERROR });
  });
});

describe('readProductForm: the prices', () => {
  const prices = (rows: [string, string, string?][]) => rows.flatMap(([m, a, p]) => [['price_months', m], ['price_amount', a], ...(p === undefined ? [] : [['price_promo', p]])] as [string, string][]);

  it('takes a price from one cent up to the most a length may cost', () => {
    expect(value([...without('price_months', 'price_amount'), ...prices([['1', '0,01']])]).prices).toEqual([{ months: 1, priceCents: 1, promoCents: null }]);
    expect(value([...without('price_months', 'price_amount'), ...prices([['1', '100000,00']])]).prices).toEqual([{ months: 1, priceCents: MAX_PRICE_CENTS, promoCents: null }]);
    expect(errors([...without('price_months', 'price_amount'), ...prices([['1', '0']])])?.errors).toEqual({ 'price_amount.0': { key: 'errors.amount' } });
  });

  it('refuses a promotion of nothing on its own field, and reports a wrong price alone', () => {
    expect(errors([...without('price_months', 'price_amount'), ...prices([['1', '4,90', '0']]), ['promotion_id', '3']])?.errors).toEqual({ 'price_promo.0': { key: 'errors.amount' } });
    expect(errors([...without('price_months', 'price_amount'), ...prices([['1', 'δέκα', '1']]), ['promotion_id', '3']])?.errors).toEqual({ 'price_amount.0': { key: 'errors.amount' } });
  });

  it('skips a row left blank and a length given without a price, but not a row of a price without its length', () => {
    const v = value([['sku', 'web_start'], ['family', 'shared_linux'], ['name_el', 'Α'], ['name_en', 'A'], ['price_months', '12'], ['price_months', '1'], ['price_amount', ''], ['price_amount', '4,90'], ['price_months', '3']]);
    expect(v.prices).toEqual([{ months: 1, priceCents: 490, promoCents: null }]);
    expect(errors([...base, ['price_amount', '9,90']])?.errors).toEqual({ 'price_months.1': { key: 'errors.length' } });
  });

  it('lists the prices by length', () => {
    expect(value([...without('price_months', 'price_amount'), ...prices([['12', '49,00'], ['1', '4,90']])]).prices.map((p) => p.months)).toEqual([1, 12]);
  });

  it('needs a promotion id that is a whole number above zero', () => {
    for (const id of ['0', '-3', '1.5', 'abc']) expect(errors([...base, ['promotion_id', id]])?.errors, id).toEqual({ promotion_id: { key: 'errors.promotion_unknown' } });
    expect(value([...base, ['promotion_id', '3']]).promotionId).toBe(3);
  });
});

describe('readProductForm: the options', () => {
  it('takes a whole row, with a monthly price of nothing or none typed', () => {
    expect(value([...base, ...option({ opt_name: '  disk  ', opt_price: '0' })]).options).toEqual([{ category: 'hardware', name: 'disk', value: '100', labelEl: 'Δίσκος 100 GB', labelEn: 'Disk 100 GB', monthlyCents: 0 }]);
    expect(value([...base, ...option({}, ['opt_price'])]).options).toEqual([{ category: 'hardware', name: 'disk', value: '100', labelEl: 'Δίσκος 100 GB', labelEn: 'Disk 100 GB', monthlyCents: 0 }]);
  });

  it('cuts the labels at 120 characters', () => {
    const [o] = value([...base, ...option({ opt_label_el: 'Δ'.repeat(130), opt_label_en: 'D'.repeat(130) })]).options;
    expect([o!.labelEl.length, o!.labelEn.length]).toEqual([120, 120]);
  });

  it('reports each missing or wrong part of a row on its own field', () => {
    const e = (over: Parameters<typeof option>[0], drop: string[] = []) => errors([...base, ...option(over, drop)])?.errors;
    expect(e({}, ['opt_value'])).toEqual({ 'opt_value.0': { key: 'errors.required' } });
    expect(e({ opt_value: 'v'.repeat(61) })).toEqual({ 'opt_value.0': { key: 'errors.required' } });
    expect(e({}, ['opt_label_el'])).toEqual({ 'opt_label_el.0': { key: 'errors.required' } });
    expect(e({}, ['opt_label_en'])).toEqual({ 'opt_label_el.0': { key: 'errors.required' } });
    expect(e({ opt_name: 'Disk-Size' })).toEqual({ 'opt_name.0': { key: 'errors.option_name' } });
    expect(e({ opt_price: 'δέκα' })).toEqual({ 'opt_price.0': { key: 'errors.amount' } });
    expect(errors([...base, ...option({ opt_category: 'storage' })])).toEqual({ errors: { 'opt_category.0': { key: 'errors.option_category' } }, code: ErrorCode.SUB_PRODUCT_CATEGORY_NOT_FOUND });
    expect(value([...base, ...option({ opt_value: 'v'.repeat(60) })]).options).toHaveLength(1);
  });

  it('does not skip a row with its name but nothing else, nor one with all but its price', () => {
    expect(errors([...base, ['opt_category', 'hardware'], ['opt_name', 'disk']])?.errors).toEqual({ 'opt_value.0': { key: 'errors.required' }, 'opt_label_el.0': { key: 'errors.required' } });
    expect(errors([...base, ['opt_category', 'hardware'], ['opt_name', 'disk'], ['opt_value', '100']])?.errors).toEqual({ 'opt_label_el.0': { key: 'errors.required' } });
  });

  it('refuses an option listed twice, and takes two values of one option', () => {
    expect(errors([...base, ...option(), ...option()])).toEqual({ errors: { 'opt_value.1': { key: 'errors.option_twice' } }, code: ErrorCode.DEDICATED_EXTRA_DETAIL_ALREADY_EXISTS });
    expect(value([...base, ...option(), ...option({ opt_value: '200' })]).options.map((o) => o.value)).toEqual(['100', '200']);
  });
});
