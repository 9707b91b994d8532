// Development-only mailbox (issue #3 §2): every e-mail and SMS the sandbox ports "sent". Answers
// 404 unless the Worker runs with APP_ENV=development, and there only with DEV_API_TOKEN (decision
// 045): the X-Dev-Token header, or the HttpOnly cookie that the link `npm start` prints
// (`/dev/mailbox?token=…`) sets before sending the browser on without the token in its address.
// Each e-mail shows its text part (the first <pre>: the browser tests read codes and links from it),
// its HTML part in a sandboxed frame, and its attachments from R2 (issue #33 §3); every template's
// example is previewed at /dev/mailbox/templates.
import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { DEV_TOKEN_COOKIE, isDevToken } from '../../worker/config';
import { hostCookieName, serializeCookie, wantsSecure } from '../../worker/http/cookies';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { codeData } from '../lib/route-error.server';
import { athensFormat } from '../lib/date-format';
import { MailFrame } from '../components/mail/mail-frame';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get('token');
  if (token !== null && isDevToken(context.config, token)) {
    url.searchParams.delete('token');
    // Strict: no other site's link or form carries it along. A session cookie: gone with the browser.
    const cookie = serializeCookie(hostCookieName(request, DEV_TOKEN_COOKIE), token, { httpOnly: true, sameSite: 'Strict', secure: wantsSecure(request) });
    throw redirect(`/dev/mailbox${url.search}`, { status: 303, headers: { 'Set-Cookie': cookie } });
  }
  if (!context.devAccess) throw data(codeData({ code: ErrorCode.UNRECOGNIZED_ACTION }), { status: 404 });
  const { t } = await pageT(request);
  const to = url.searchParams.get('to') ?? '';
  const messages = await context.services.outbox.list({ to: to || undefined });
  return { meta: { title: t('mailbox.title') }, messages, to };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export default function Mailbox() {
  const { messages, to } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t('mailbox.title')}</h1>
      <p className="mt-2 text-slate-600">{t('mailbox.intro')}</p>
      <p className="mt-2">
        <Link to="/dev/mailbox/templates" className="text-blue-800 underline" data-testid="mailbox-templates-link">
          {t('mailbox.templates_link')}
        </Link>
      </p>
      <Form method="get" className="mt-6 flex gap-2" role="search">
        <label htmlFor="mailbox-to" className="sr-only">
          {t('mailbox.filter')}
        </label>
        <input id="mailbox-to" name="to" type="search" defaultValue={to} placeholder={t('mailbox.filter')} className="flex-1 rounded border border-slate-300 px-3 py-2" />
        <button type="submit" className="btn-secondary">
          {t('search.submit')}
        </button>
      </Form>
      {messages.length === 0 ? (
        <p className="mt-8 text-slate-600">{t('mailbox.empty')}</p>
      ) : (
        <ol className="mt-6 space-y-4" data-testid="mailbox">
          {messages.map((m) => (
            <li key={m.id} className="card" data-channel={m.channel} data-to={m.to}>
              <p className="text-xs uppercase tracking-wide text-slate-500">
                {m.channel === 'email' ? t('mailbox.email') : t('mailbox.sms')} · {athensFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(m.createdAt))}
                {m.tag ? ` · ${m.tag}` : ''}
              </p>
              <p className="mt-1">
                <span className="text-slate-600">{t('mailbox.to')}:</span> <span className="font-medium break-all">{m.to}</span>
              </p>
              {m.subject ? <p className="font-semibold">{m.subject}</p> : null}
              {Object.keys(m.headers).length ? (
                <dl className="mt-1 text-xs text-slate-700" data-testid="mail-headers">
                  {Object.entries(m.headers).map(([name, value]) => (
                    <div key={name} className="break-all" data-header={name}>
                      <dt className="inline font-medium">{name}:</dt> <dd className="inline font-mono">{value}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              <pre className="mt-2 whitespace-pre-wrap break-words font-sans text-sm text-slate-800">{m.body}</pre>
              {m.attachments.length ? (
                <div className="mt-2">
                  <p className="text-sm font-medium">{t('mailbox.attachments')}</p>
                  <ul className="text-sm" data-testid="mailbox-attachments">
                    {m.attachments.map((a, i) =>
                      a.key ? (
                        <li key={`${m.id}-${i}`}>
                          {/* A file, not a page: the browser opens it (a PDF in its viewer). */}
                          <a href={`/api/dev/outbox/${m.id}/attachments/${i}`} className="text-blue-800 underline" data-testid="mailbox-attachment" data-content-type={a.contentType}>
                            {a.filename}
                          </a>{' '}
                          <span className="text-slate-600">({a.contentType}, {Math.max(1, Math.round(a.size / 1024))} KB)</span>
                        </li>
                      ) : (
                        <li key={`${m.id}-${i}`}>{a.filename}</li>
                      ),
                    )}
                  </ul>
                </div>
              ) : null}
              {m.html ? (
                <details className="mt-2" data-testid="mailbox-html">
                  <summary className="cursor-pointer text-sm font-medium">{t('mailbox.html_part')}</summary>
                  <div className="mt-2">
                    <MailFrame html={m.html} title={t('mailbox.html_frame', { subject: m.subject })} />
                  </div>
                </details>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
