// Issue #11 §2 (a 60-item cart summary within its budget): the summary's lines no longer carry a form
// each; their remove buttons and length selects name one shared form of the page (the `form`
// attribute). These tests post what a browser without JavaScript posts from that markup.
import { describe, expect, it } from 'vitest';
import { Browser, form } from './helpers';

/** The fields a browser sends when the `<button form=…>` of a shared form is pressed. */
function sharedFormFields(html: string, formId: string, button: { name: string; value: string }): Record<string, string> {
  const fields: Record<string, string> = {};
  const start = html.indexOf(`<form id="${formId}"`);
  expect(start).toBeGreaterThanOrEqual(0);
  const body = html.slice(start, html.indexOf('</form>', start));
  for (const m of body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) fields[m[1]!] = m[2]!;
  // Every select that names the form, with its selected option.
  for (const m of html.matchAll(/<select [^>]*form="([^"]+)" name="([^"]+)"[^>]*>([\s\S]*?)<\/select>/g)) {
    if (m[1] !== formId) continue;
    fields[m[2]!] = /<option value="([^"]+)" selected=""/.exec(m[3]!)?.[1] ?? /<option value="([^"]+)"/.exec(m[3]!)![1]!;
  }
  fields[button.name] = button.value;
  return fields;
}

async function cartWith(b: Browser, skus: string[]) {
  const page = await b.open('/hosting/wordpress');
  for (const sku of skus) expect((await b.fetch('/cart', form({ _token: page.token, intent: 'add', type: 'product', sku, months: '12' }))).status).toBe(303);
  const cart = await b.open('/cart');
  const ids = [...cart.html.matchAll(/data-testid="cart-line" data-kind="hosting" data-name="[^"]+" data-id="([^"]+)"/g)].map((m) => m[1]!);
  return { html: cart.html, ids };
}

describe('cart summary shared forms (no JavaScript)', () => {
  it('the CSRF token is not repeated per line: the page has the same number of forms with 1 and 6 lines', async () => {
    const one = await cartWith(new Browser(), ['sha_lin_start']);
    const six = await cartWith(new Browser(), ['sha_lin_start', 'sha_lin_plus', 'sha_lin_start', 'sha_lin_plus', 'sha_lin_start', 'sha_lin_plus']);
    expect(six.ids).toHaveLength(6);
    const tokens = (html: string) => html.match(/name="_token"/g)?.length ?? 0;
    expect(tokens(six.html)).toBe(tokens(one.html));
    for (const id of six.ids) {
      expect(six.html).toContain(`form="cart-remove" name="id" value="${id}"`);
      expect(six.html).toContain(`form="cart-length" name="months_${id}"`);
    }
  });

  it("changes the pressed line's length, leaving the others as they are", async () => {
    const b = new Browser();
    const { html, ids } = await cartWith(b, ['sha_lin_start', 'sha_lin_plus']);
    const [first, second] = ids as [string, string];
    const fields = sharedFormFields(html, 'cart-length', { name: 'id', value: second });
    expect(fields.intent).toBe('length');
    fields[`months_${second}`] = '24';
    fields[`months_${first}`] = '36'; // another line's select, changed but not submitted by its button
    const res = await b.fetch('/cart', form(fields));
    expect(res.status).toBe(303);
    expect(res.headers.getSetCookie().join(';')).not.toContain('errorCode=');
    const after = await b.open('/cart');
    const select = (id: string) => new RegExp(`name="months_${id}"[^>]*>[\\s\\S]*?</select>`).exec(after.html)![0];
    expect(select(second)).toContain('<option value="24" selected=""');
    expect(select(first)).toContain('<option value="12" selected=""');
  });

  it('a length not offered is still refused through the shared form', async () => {
    const b = new Browser();
    const { html, ids } = await cartWith(b, ['sha_lin_start']);
    const fields = sharedFormFields(html, 'cart-length', { name: 'id', value: ids[0]! });
    fields[`months_${ids[0]}`] = '9999';
    const res = await b.fetch('/cart', form(fields));
    expect(res.headers.getSetCookie().join(';')).toContain('errorCode=validation_error');
  });

  it('removes the pressed line only', async () => {
    const b = new Browser();
    const { html, ids } = await cartWith(b, ['sha_lin_start', 'sha_lin_plus']);
    const res = await b.fetch('/cart', form(sharedFormFields(html, 'cart-remove', { name: 'id', value: ids[0]! })));
    expect(res.status).toBe(303);
    const after = await b.open('/cart');
    expect(after.html).not.toContain(`data-id="${ids[0]}"`);
    expect(after.html).toContain(`data-id="${ids[1]}"`);
  });

  it("the header cart's remove buttons share one form too", async () => {
    const b = new Browser();
    const { html, ids } = await cartWith(b, ['sha_lin_start', 'sha_lin_plus']);
    expect(html).toContain(`form="mini-remove-header" name="id" value="${ids[1]}"`);
    const res = await b.fetch('/cart', form(sharedFormFields(html, 'mini-remove-header', { name: 'id', value: ids[1]! })));
    expect(res.status).toBe(303);
    const after = await b.open('/cart');
    expect(after.html).toContain(`data-id="${ids[0]}"`);
    expect(after.html).not.toContain(`data-id="${ids[1]}"`);
  });
});
