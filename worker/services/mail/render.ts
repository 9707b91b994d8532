// Draws a template's blocks as the two parts of an e-mail (issue #33 §2): HTML that renders in the
// common clients (one column of presentation tables, inline styles, no remote images or fonts, system
// fonts, colours that hold in dark mode: the card sets both its background and its text, and a
// prefers-color-scheme rule repaints them where the client honours it) and a plain-text part made from
// the same blocks. Every value is escaped here: a template never writes markup.
import type { MailBlock } from './blocks';

export type MailFrame = {
  lang: 'el' | 'en';
  subject: string;
  /** The line a mail client shows after the subject in the inbox. */
  preheader: string;
  /** The seller's name, at the top. */
  brand: string;
  /** Why the recipient got this message (transactional mail says so instead of offering to unsubscribe). */
  reason: string;
  /** The seller's details, one per line, at the foot. */
  signature: string[];
  /** Only for what one may unsubscribe from: a link at the foot (the List-Unsubscribe header is the sender's). */
  unsubscribe?: { label: string; href: string };
};

const FONT = "Arial,'Helvetica Neue',Helvetica,sans-serif";
const INK = '#1f2328';
const MUTED = '#57606a';
const LINE = '#d8dee4';
const ACCENT = '#0a58ca';

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Only absolute http(s) links reach a message: a template handing anything else is a bug. */
function safeHref(href: string): string {
  if (!/^https?:\/\//i.test(href)) throw new Error(`mail: link is not absolute http(s): ${href}`);
  return escapeHtml(href);
}

const text = (value: string) => escapeHtml(value).replace(/\r?\n/g, '<br>');

function blockHtml(block: MailBlock): string {
  switch (block.kind) {
    case 'heading':
      return `<h1 style="margin:0 0 16px;font:700 22px/1.3 ${FONT};color:${INK};" class="ink">${text(block.text)}</h1>`;
    case 'paragraph':
      return `<p style="margin:0 0 16px;font:16px/1.55 ${FONT};color:${INK};" class="ink">${text(block.text)}</p>`;
    case 'button':
      return `<p style="margin:8px 0 24px;"><a href="${safeHref(block.href)}" style="display:inline-block;padding:12px 22px;background:${ACCENT};color:#ffffff;border-radius:6px;font:700 16px/1.2 ${FONT};text-decoration:none;">${text(block.label)}</a></p>`;
    case 'link':
      return `<p style="margin:0 0 16px;font:15px/1.5 ${FONT};"><a href="${safeHref(block.href)}" style="color:${ACCENT};" class="link">${text(block.label)}</a></p>`;
    case 'facts':
      return `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 20px;">${block.rows
        .map(
          (r) =>
            `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:6px 12px 6px 0;font:14px/1.4 ${FONT};color:${MUTED};font-weight:400;width:40%;" class="muted">${text(r.label)}</th><td style="padding:6px 0;font:700 15px/1.4 ${FONT};color:${INK};word-break:break-word;" class="ink">${text(r.value)}</td></tr>`,
        )
        .join('')}</table>`;
    case 'table': {
      const align = (i: number) => block.columns[i]?.align ?? 'left';
      const head = block.columns.map((c, i) => `<th scope="col" style="text-align:${align(i)};padding:8px 6px;border-bottom:2px solid ${LINE};font:700 13px/1.3 ${FONT};color:${MUTED};" class="muted">${text(c.label)}</th>`).join('');
      const rows = block.rows.map((r) => `<tr>${r.map((cell, i) => `<td style="text-align:${align(i)};vertical-align:top;padding:8px 6px;border-bottom:1px solid ${LINE};font:15px/1.4 ${FONT};color:${INK};" class="ink">${text(cell)}</td>`).join('')}</tr>`).join('');
      const span = block.columns.length - 1;
      const totals = (block.totals ?? [])
        .map(
          (t) =>
            `<tr><th scope="row" colspan="${span}" style="text-align:right;padding:6px;font:${t.strong ? 700 : 400} 15px/1.4 ${FONT};color:${INK};" class="ink">${text(t.label)}</th><td style="text-align:right;padding:6px;font:${t.strong ? 700 : 400} 15px/1.4 ${FONT};color:${INK};white-space:nowrap;" class="ink">${text(t.value)}</td></tr>`,
        )
        .join('');
      return `<table style="width:100%;border-collapse:collapse;margin:0 0 20px;"><thead><tr>${head}</tr></thead><tbody>${rows}${totals}</tbody></table>`;
    }
    case 'code':
      return `<p style="margin:0 0 4px;font:14px/1.4 ${FONT};color:${MUTED};" class="muted">${text(block.label)}</p><p style="margin:0 0 20px;padding:10px 14px;border:1px solid ${LINE};border-radius:6px;font:700 18px/1.3 'Courier New',Courier,monospace;color:${INK};letter-spacing:1px;word-break:break-all;" class="ink">${text(block.value)}</p>`;
    case 'note':
      return `<p style="margin:0 0 20px;padding:12px 14px;border-left:4px solid ${block.tone === 'warning' ? '#b35900' : ACCENT};background:${block.tone === 'warning' ? '#fff4e5' : '#eef4ff'};font:15px/1.5 ${FONT};color:${INK};" class="note">${text(block.text)}</p>`;
  }
}

function blockText(block: MailBlock): string {
  switch (block.kind) {
    case 'heading':
      return `${block.text}\n${'='.repeat(Math.min(60, [...block.text].length))}`;
    case 'paragraph':
      return block.text;
    case 'button':
    case 'link':
      return `${block.label}:\n${block.href}`;
    case 'facts':
      return block.rows.map((r) => `${r.label}: ${r.value}`).join('\n');
    case 'table': {
      const rows = block.rows.map((r) => `- ${r.filter(Boolean).join(' · ')}`);
      const totals = (block.totals ?? []).map((t) => `${t.label}: ${t.value}`);
      return [...rows, ...(totals.length ? ['', ...totals] : [])].join('\n');
    }
    case 'code':
      return `${block.label}: ${block.value}`;
    case 'note':
      return `* ${block.text}`;
  }
}

export function renderHtml(blocks: MailBlock[], frame: MailFrame): string {
  const foot = [
    `<p style="margin:0 0 8px;">${text(frame.reason)}</p>`,
    `<p style="margin:0 0 8px;">${frame.signature.map(text).join('<br>')}</p>`,
    frame.unsubscribe ? `<p style="margin:0;"><a href="${safeHref(frame.unsubscribe.href)}" style="color:${MUTED};" class="muted">${text(frame.unsubscribe.label)}</a></p>` : '',
  ].join('');
  return [
    '<!DOCTYPE html>',
    `<html lang="${frame.lang}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark">',
    '<meta name="supported-color-schemes" content="light dark">',
    `<title>${escapeHtml(frame.subject)}</title>`,
    '<style>',
    ':root{color-scheme:light dark}',
    '@media (prefers-color-scheme: dark){.page{background:#0d1117!important}.card{background:#161b22!important}.ink{color:#e6edf3!important}.muted{color:#9da7b3!important}.link{color:#79b8ff!important}.note{background:#1f2a37!important;color:#e6edf3!important}}',
    '</style>',
    '</head>',
    `<body style="margin:0;padding:0;background:#f2f4f7;" class="page">`,
    `<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${escapeHtml(frame.preheader)}</div>`,
    `<table role="presentation" style="width:100%;border-collapse:collapse;background:#f2f4f7;" class="page"><tr><td style="padding:24px 12px;">`,
    `<table role="presentation" style="width:100%;max-width:600px;margin:0 auto;border-collapse:collapse;background:#ffffff;border-radius:8px;" class="card">`,
    `<tr><td style="padding:18px 24px;border-bottom:1px solid ${LINE};font:700 17px/1.3 ${FONT};color:${INK};" class="ink">${text(frame.brand)}</td></tr>`,
    `<tr><td style="padding:24px;">${blocks.map(blockHtml).join('')}</td></tr>`,
    `<tr><td style="padding:16px 24px 20px;border-top:1px solid ${LINE};font:13px/1.5 ${FONT};color:${MUTED};" class="muted">${foot}</td></tr>`,
    '</table>',
    '</td></tr></table>',
    '</body>',
    '</html>',
  ].join('\n');
}

export function renderText(blocks: MailBlock[], frame: MailFrame): string {
  return [
    ...blocks.map(blockText),
    '--',
    frame.reason,
    frame.signature.join('\n'),
    ...(frame.unsubscribe ? [`${frame.unsubscribe.label}: ${frame.unsubscribe.href}`] : []),
  ].join('\n\n').replace(/\n{3,}/g, '\n\n');
}
