// The item-done templates' other branches (issue #33 §1, decision 098): the registry's test renders
// each template's one example; here every variant a caller can send — a hosting renewal, a restored
// name, a free hosting, a server still being built, a certificate validated by HTTP file, one issued
// with its installation bought, a refund to the card and as credit — passes the HTML checker in both
// languages and says what it must (and never what it must not).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_SELLER } from '../core/config';
import { formatMoney } from '../core/money';
import { SUPPORTED_LANGUAGES } from '../i18n/config';
import { mailTemplates, MailParamsError, type MailTemplateKey } from '../worker/services/mail';
import { compose, mailContext } from '../worker/services/mail/compose';
import { vnuErrors } from './e2e/quality-checks';

const ORIGIN = 'https://registrar.example.gr';
const at = new Date('2027-06-01T09:00:00Z');

const variants: { key: MailTemplateKey; name: string; params: unknown }[] = [
  { key: 'renewal_done', name: 'hosting', params: { service: 'hosting', name: 'kafeneio.gr', expiresAt: at, serviceId: 7 } },
  { key: 'renewal_done', name: 'restored', params: { service: 'domain', name: 'kafeneio.gr', asciiName: 'kafeneio.gr', expiresAt: at, restored: true } },
  { key: 'hosting_ready', name: 'free', params: { name: 'kafeneio.gr', plan: 'hosting-free', panelUrl: 'https://panel.example.gr', username: 'kaf1', server: 'web1', place: { kind: 'free', asciiName: 'kafeneio.gr' } } },
  { key: 'hosting_ready', name: 'building', params: { name: 'vps1', plan: 'VPS Linux M', panelUrl: 'https://panel.example.gr', username: 'vps1', server: '', building: true, place: { kind: 'paid', serviceId: 9 } } },
  { key: 'certificate_pending', name: 'http', params: { commonName: 'kafeneio.gr', steps: [{ method: 'http', name: 'kafeneio.gr', url: 'http://kafeneio.gr/.well-known/pki-validation/ab12.txt', content: 'ab12 sandbox-ca <check>' }], path: '/orders/3' } },
  { key: 'certificate_issued', name: 'installation', params: { commonName: 'kafeneio.gr', sans: [], expiresAt: null, installation: true, path: '/orders/3' } },
  { key: 'item_refunded', name: 'card-and-credit', params: { orderId: 3, reason: 'transfer_rejected', lines: [{ what: 'transfer', name: 'example.com', cents: 1290 }], cardCents: 990, creditCents: 300 } },
];

const rendered = variants.flatMap((v) =>
  SUPPORTED_LANGUAGES.map((lang) => ({ ...v, lang, ...compose(v.key, mailTemplates[v.key], v.params, mailContext(lang, DEMO_SELLER, ORIGIN)) })),
);
const one = (name: string, lang = 'el') => rendered.find((r) => r.name === name && r.lang === lang)!;

describe('the item-done templates, every variant', () => {
  it('render valid HTML in both languages (Nu HTML Checker), links only to the site, the same links in text', { timeout: 120_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'mail-services-'));
    const files = rendered.map((r) => {
      const file = join(dir, `${r.key}.${r.name}.${r.lang}.html`);
      writeFileSync(file, r.html);
      return file;
    });
    const { report } = vnuErrors(files);
    expect(report, report.join('\n')).toEqual([]);
    for (const r of rendered) {
      for (const [, href] of r.html.matchAll(/href="([^"]+)"/g)) {
        expect(href!.startsWith(`${ORIGIN}/`), `${r.key}/${r.name}: ${href}`).toBe(true);
        expect(r.text).toContain(href!.replace(/&amp;/g, '&'));
      }
      expect(r.text + r.html, `${r.key}/${r.name}`).not.toMatch(/\{\{|mail:[a-z_]+\./);
    }
  });

  it('say what each variant must: where the page is, how the money went, what the customer does', () => {
    expect(one('hosting').text).toContain(`${ORIGIN}/account/hosting/7`);
    expect(one('restored').subject).toBe('Το kafeneio.gr επανήλθε στον λογαριασμό σας');
    expect(one('free').text).toContain(`${ORIGIN}/account/domains/kafeneio.gr/hosting`);
    expect(one('free').text).toContain('Εμφάνιση κωδικού');
    expect(one('building', 'en').text).toContain('being set up');
    // An empty server is left out rather than shown blank.
    expect(one('building').text).not.toContain('Διακομιστής:');
    // The file's content is escaped in HTML, exact in text.
    expect(one('http').html).toContain('ab12 sandbox-ca &lt;check&gt;');
    expect(one('http').text).toContain('Περιεχόμενο αρχείου: ab12 sandbox-ca <check>');
    expect(one('installation').text).toContain('θα το εγκαταστήσουμε εμείς');
    const refund = one('card-and-credit');
    // Amounts through the one money helper (its spacing included).
    const el = (cents: number) => formatMoney(cents, 'el');
    expect(refund.subject).toBe(`Η μεταφορά του example.com απορρίφθηκε — σας επιστρέψαμε ${el(1290)}`);
    expect(refund.text).toContain(`Στην κάρτα σας: ${el(990)}`);
    expect(refund.text).toContain(`Στο πιστωτικό σας υπόλοιπο: ${el(300)}`);
    expect(refund.text).toContain(`Σύνολο επιστροφής: ${el(1290)}`);
    expect(el(1290).replace(/\s/g, ' ')).toBe('12,90 €');
    expect(one('card-and-credit', 'en').text).toContain(`To your card: ${formatMoney(990, 'en')}`);
  });

  it('refuse what a caller must never send: a refund in fractions of a cent, a hosting page that is not ours, a step without its approver', () => {
    const c = mailContext('el', DEMO_SELLER, ORIGIN);
    expect(() => compose('item_refunded', mailTemplates.item_refunded, { orderId: 3, reason: 'failed', lines: [{ what: 'register', name: 'a.gr', cents: 10.5 }], cardCents: 0, creditCents: 10.5 }, c)).toThrow(MailParamsError);
    expect(() => compose('hosting_ready', mailTemplates.hosting_ready, { name: 'a.gr', plan: 'x', panelUrl: 'https://p', username: 'u', server: '', place: { kind: 'free', asciiName: '../admin' } }, c)).toThrow(MailParamsError);
    expect(() => compose('certificate_pending', mailTemplates.certificate_pending, { commonName: 'a.gr', steps: [{ method: 'email', name: 'a.gr' }], path: '/orders/1' }, c)).toThrow(MailParamsError);
  });
});
