// A sent e-mail's HTML shown inside one of our pages (issue #33 §3): in an iframe's srcdoc with the
// `sandbox` attribute and no permissions (no scripts, no forms, no popups, a unique origin: the mail
// can neither reach our cookies nor navigate our page), and a CSP of its own inside the frame that
// loads nothing from anywhere (no tracking pixel or remote font would load, as the mail has none).
// 600 px is the width the templates are drawn for; the frame grows no wider than its column.

const FRAME_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'";

/** The message's document with the frame's own CSP first in its head (or wrapped in one if it has none). */
export function framedMailHtml(html: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${FRAME_CSP}">`;
  if (/<head[^>]*>/i.test(html)) return html.replace(/<head[^>]*>/i, (head) => `${head}${meta}`);
  return `<!DOCTYPE html><html><head>${meta}<meta charset="utf-8"><title>mail</title></head><body>${html}</body></html>`;
}

export function MailFrame({ html, title, testId, height = 720 }: { html: string; title: string; testId?: string; height?: number }) {
  return (
    <iframe
      title={title}
      srcDoc={framedMailHtml(html)}
      sandbox=""
      referrerPolicy="no-referrer"
      className="block w-full max-w-[600px] rounded border border-slate-300 bg-white"
      style={{ height }}
      data-testid={testId}
    />
  );
}

/** The text part as it was sent (line breaks kept, long links wrapped). */
export function MailText({ text, testId }: { text: string; testId?: string }) {
  return (
    <pre className="max-w-[600px] whitespace-pre-wrap break-words rounded border border-slate-200 bg-slate-50 p-3 font-sans text-sm text-slate-800" data-testid={testId}>
      {text}
    </pre>
  );
}
