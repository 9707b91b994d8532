// Every mail template (issue #33 §2), rendered with its example in both languages: the HTML passes the
// Nu HTML Checker, holds no remote image, font or script, escapes what it is given, and the text part
// says what the HTML says (every link of one is in the other).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_SELLER } from '../core/config';
import { SUPPORTED_LANGUAGES } from '../i18n/config';
import { mailTemplates } from '../worker/services/mail';
import { compose, mailContext } from '../worker/services/mail/compose';
import { renderHtml, renderText } from '../worker/services/mail/render';
import { vnuErrors } from './e2e/quality-checks';

const ORIGIN = 'https://registrar.example.gr';
const rendered = Object.entries(mailTemplates).flatMap(([key, template]) =>
  SUPPORTED_LANGUAGES.map((lang) => ({ key, lang, ...compose(key, template, template.example, mailContext(lang, DEMO_SELLER, ORIGIN)) })),
);

describe('the mail templates', () => {
  it('render valid HTML in both languages (Nu HTML Checker)', { timeout: 120_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'mail-html-'));
    const files = rendered.map((r) => {
      const file = join(dir, `${r.key}.${r.lang}.html`);
      writeFileSync(file, r.html);
      return file;
    });
    const { count, report } = vnuErrors(files);
    expect(report, report.join('\n')).toEqual([]);
    expect(count).toBe(0);
  });

  it('load nothing from elsewhere and link only to the site', () => {
    for (const r of rendered) {
      expect(r.html, r.key).not.toMatch(/<img|<script|<link|@import|url\(/i);
      for (const [, href] of r.html.matchAll(/href="([^"]+)"/g)) expect(href!.startsWith(`${ORIGIN}/`), `${r.key}: ${href}`).toBe(true);
    }
  });

  it('say the same in text as in HTML: every link and the subject’s words', () => {
    for (const r of rendered) {
      for (const [, href] of r.html.matchAll(/href="([^"]+)"/g)) expect(r.text, `${r.key} ${r.lang}`).toContain(href!.replace(/&amp;/g, '&'));
      expect(r.subject.length, r.key).toBeGreaterThan(5);
      expect(r.text, r.key).not.toMatch(/\{\{|mail:/);
      expect(r.html, r.key).not.toMatch(/\{\{|mail:[a-z_]+\./);
    }
  });

  it('are in Greek by default and in English when asked, with the seller’s details at the foot', () => {
    const el = rendered.find((r) => r.key === 'password_changed' && r.lang === 'el')!;
    const en = rendered.find((r) => r.key === 'password_changed' && r.lang === 'en')!;
    expect(el.html).toContain('<html lang="el">');
    expect(el.text).toContain(`ΑΦΜ ${DEMO_SELLER.vatNumber}`);
    expect(en.text).toContain(`VAT no. ${DEMO_SELLER.vatNumber}`);
    expect(el.subject).not.toBe(en.subject);
  });
});

describe('the renderer', () => {
  const frame = { lang: 'el' as const, subject: 'Θέμα', preheader: 'Θέμα', brand: 'Registrar', reason: 'Γιατί', signature: ['Α', 'Β'] };
  it('escapes every value it is given', () => {
    const html = renderHtml([{ kind: 'paragraph', text: '<script>alert(1)</script> & "x"' }, { kind: 'facts', rows: [{ label: '<b>', value: "it's" }] }], frame);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;');
    expect(html).toContain('&lt;b&gt;');
    expect(html).toContain('it&#39;s');
    expect(html).not.toContain('<script>');
  });

  it('refuses a link that is not absolute http(s)', () => {
    expect(() => renderHtml([{ kind: 'button', label: 'x', href: 'javascript:alert(1)' }], frame)).toThrow(/not absolute/);
    expect(() => renderHtml([{ kind: 'link', label: 'x', href: '/account' }], frame)).toThrow(/not absolute/);
    expect(() => mailContext('el', DEMO_SELLER, ORIGIN).url('//evil.example/')).toThrow(/same-site/);
  });

  it('draws a table of lines with its totals in text too', () => {
    const text = renderText([{ kind: 'table', columns: [{ label: 'Περιγραφή' }, { label: 'Ποσό', align: 'right' }], rows: [['kafeneio.gr · 1 έτος', '9,92 €']], totals: [{ label: 'Σύνολο', value: '12,30 €', strong: true }] }], frame);
    expect(text).toContain('- kafeneio.gr · 1 έτος · 9,92 €');
    expect(text).toContain('Σύνολο: 12,30 €');
    expect(text).toContain('Α\nΒ');
  });
});
