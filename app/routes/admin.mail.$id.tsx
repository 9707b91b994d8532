// One message of the staff e-mail log (issue #33 §3, decision 100): as the customer received it (the
// stored HTML in a sandboxed frame, and the text part), its delivery (attempts, next attempt, last
// error, the provider's id), attachments to download, what it repeats and its resends; and "send
// again" for admins (mail.resend): a plain POST, audited, refused with a code for a message that held
// a secret or went to an erased account. Support reads the same page without the button.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData, useLocation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { mailResendRefusal } from '../../core/staff/mail-log';
import { staffCan } from '../../core/staff/permissions';
import { MailStatusBadge } from '../components/admin/mail-status';
import { CsrfInput } from '../components/csrf-input';
import { MailFrame, MailText } from '../components/mail/mail-frame';
import { requireStaff } from '../lib/auth.server';
import { codeAlertType, codeMessage } from '../lib/codes';
import { athensFormat } from '../lib/date-format';
import { FormAlert } from '../lib/forms';
import { readProtectedForm } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { codeData } from '../lib/route-error.server';

function messageId(raw: string | undefined): number {
  const id = Number(raw);
  if (!/^\d{1,12}$/.test(raw ?? '') || id <= 0) throw data(codeData({ code: ErrorCode.MAIL_MESSAGE_NOT_FOUND }), { status: 404 });
  return id;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const session = await requireStaff(request, context, 'mail.view');
  const { t, lang } = await pageT(request);
  const id = messageId(params.id);
  const m = await context.services.staffMail.message(id);
  if (!m) throw data(codeData({ code: ErrorCode.MAIL_MESSAGE_NOT_FOUND }), { status: 404 });
  const names = context.services.staffMail.templateNames(lang);
  const resent = new URL(request.url).searchParams.get('done') === 'resent';
  return {
    meta: { title: t('staff:mail_log.detail.meta_title', { id }) },
    canResend: staffCan(session.user.userGroup, 'mail.resend'),
    refusal: mailResendRefusal({ sensitive: m.sensitive, redacted: m.redacted, toAddress: m.toAddress }),
    resent,
    message: { ...m, templateName: names[m.template] ?? m.template, attachments: m.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType })) },
    maxAttempts: m.maxAttempts,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const session = await requireStaff(request, context, 'mail.resend');
  const id = messageId(params.id);
  const form = await readProtectedForm(request, context);
  if (form.get('intent') !== 'resend') throw data(codeData({ code: ErrorCode.UNRECOGNIZED_ACTION }), { status: 400 });
  const result = await context.services.staffMail.resend({ userId: session.user.id, ip: context.ip }, id);
  if (!result.ok) return data({ code: result.code }, { status: result.status });
  return redirect(`/admin/mail/${result.id}?done=resent`, 303);
}

export default function AdminMailMessage() {
  const { message: m, canResend, refusal, resent, maxAttempts } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>() as { code: number } | undefined;
  const { t, i18n } = useTranslation('staff');
  const location = useLocation();
  const when = athensFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const time = (ms: number) => <time dateTime={new Date(ms).toISOString()}>{when.format(ms)}</time>;
  const back = location.search && !resent ? `/admin/mail${location.search}` : '/admin/mail';
  return (
    <div data-testid="admin-mail-message" data-id={m.id} data-status={m.status}>
      <p className="text-sm">
        <Link to={back} className="text-blue-800 underline">
          {t('mail_log.detail.back')}
        </Link>
      </p>
      <h1 className="mt-1 flex flex-wrap items-center gap-3 text-3xl font-bold">
        {t('mail_log.detail.title', { id: m.id })} <MailStatusBadge status={m.status} />
      </h1>
      <p className="mt-2 text-lg font-semibold" data-testid="mail-subject">
        {m.subject}
      </p>
      <div className="mt-4" aria-live="polite">
        {refused ? (
          <FormAlert type={codeAlertType(refused.code)} testId="mail-refused" code={refused.code}>
            {codeMessage(t, refused.code)}
          </FormAlert>
        ) : null}
        {resent ? (
          <FormAlert type="success" testId="mail-resent" code={ErrorCode.MAIL_RESENT}>
            {t('mail_log.detail.resent_done', { id: m.id })}
          </FormAlert>
        ) : null}
      </div>

      <section aria-labelledby="mail-facts" className="mt-4">
        <h2 id="mail-facts" className="text-xl font-semibold">
          {t('mail_log.detail.facts')}
        </h2>
        <dl className="mt-2 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]" data-testid="mail-facts">
          <dt className="text-slate-600">{t('mail_log.detail.to')}</dt>
          <dd className="break-all" data-testid="mail-to">
            {m.toAddress}
          </dd>
          <dt className="text-slate-600">{t('mail_log.detail.customer')}</dt>
          <dd>
            {m.customer ? (
              <Link to={`/admin/customers/${m.customer.id}`} className="text-blue-800 underline" data-testid="mail-customer">
                {m.customer.email}
              </Link>
            ) : (
              t('mail_log.no_customer')
            )}
          </dd>
          <dt className="text-slate-600">{t('mail_log.detail.template')}</dt>
          <dd data-testid="mail-template">{m.templateName}</dd>
          <dt className="text-slate-600">{t('mail_log.detail.language')}</dt>
          <dd>{m.lang === 'en' ? 'English' : 'Ελληνικά'}</dd>
          <dt className="text-slate-600">{t('mail_log.detail.created')}</dt>
          <dd>{time(m.createdAt)}</dd>
          <dt className="text-slate-600">{t('mail_log.detail.sent')}</dt>
          <dd>{m.sentAt ? time(m.sentAt) : t('mail_log.detail.not_sent')}</dd>
          <dt className="text-slate-600">{t('mail_log.detail.attempts')}</dt>
          <dd data-testid="mail-attempts">{t('mail_log.detail.attempts_value', { count: m.attempts, max: maxAttempts })}</dd>
          {m.status === 'failed' && m.attempts < maxAttempts ? (
            <>
              <dt className="text-slate-600">{t('mail_log.detail.next_attempt')}</dt>
              <dd>{time(m.nextAttemptAt)}</dd>
            </>
          ) : null}
          {m.lastError ? (
            <>
              <dt className="text-slate-600">{t('mail_log.detail.last_error')}</dt>
              <dd className="break-all font-mono text-sm" data-testid="mail-last-error">
                {m.lastError}
              </dd>
            </>
          ) : null}
          {m.providerId ? (
            <>
              <dt className="text-slate-600">{t('mail_log.detail.provider_id')}</dt>
              <dd className="break-all font-mono text-sm">{m.providerId}</dd>
            </>
          ) : null}
          {m.resentOf ? (
            <>
              <dt className="text-slate-600">{t('mail_log.detail.resent_of')}</dt>
              <dd>
                <Link to={`/admin/mail/${m.resentOf}`} className="text-blue-800 underline" data-testid="mail-resent-of">
                  #{m.resentOf}
                </Link>
                {m.resentBy ? ` · ${t('mail_log.detail.resent_by')}: ${m.resentBy.email}` : ''}
              </dd>
            </>
          ) : null}
        </dl>
        {m.resends.length ? (
          <>
            <h3 className="mt-4 font-semibold">{t('mail_log.detail.resends')}</h3>
            <ul className="mt-1 space-y-1" data-testid="mail-resends">
              {m.resends.map((r) => (
                <li key={r.id} className="flex items-center gap-2">
                  <Link to={`/admin/mail/${r.id}`} className="text-blue-800 underline">
                    #{r.id}
                  </Link>
                  {time(r.createdAt)} <MailStatusBadge status={r.status} />
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>

      <section aria-labelledby="mail-resend-title" className="mt-6">
        <h2 id="mail-resend-title" className="sr-only">
          {t('mail_log.detail.resend')}
        </h2>
        {!canResend ? (
          <p className="text-sm text-slate-700" data-testid="mail-read-only">
            {t('mail_log.detail.read_only')}
          </p>
        ) : refusal !== null ? (
          <p className="text-sm text-slate-700" data-testid="mail-resend-refused" data-code={refusal}>
            {t(refusal === ErrorCode.MAIL_RESEND_ERASED ? 'mail_log.detail.resend_refused_erased' : 'mail_log.detail.resend_refused_sensitive')}
          </p>
        ) : (
          <Form method="post" className="flex flex-wrap items-center gap-3">
            <CsrfInput />
            <button type="submit" name="intent" value="resend" className="btn-primary" data-testid="mail-resend">
              {t('mail_log.detail.resend')}
            </button>
            <span className="text-sm text-slate-600">{t('mail_log.detail.resend_hint')}</span>
          </Form>
        )}
      </section>

      <section aria-labelledby="mail-attachments" className="mt-6">
        <h2 id="mail-attachments" className="text-xl font-semibold">
          {t('mail_log.detail.attachments')}
        </h2>
        {m.attachments.length === 0 ? (
          <p className="mt-1 text-sm text-slate-700">{t('mail_log.detail.no_attachments')}</p>
        ) : (
          <ul className="mt-1 space-y-1" data-testid="mail-attachment-list">
            {m.attachments.map((a, i) => (
              <li key={`${a.filename}-${i}`}>
                {/* reloadDocument: a file, not a page of the app. */}
                <Link to={`/admin/mail/${m.id}/attachments/${i}`} reloadDocument className="text-blue-800 underline" data-testid="mail-attachment">
                  {a.filename}
                </Link>{' '}
                <span className="text-sm text-slate-600">({a.contentType})</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="mail-content" className="mt-6">
        <h2 id="mail-content" className="text-xl font-semibold">
          {t('mail_log.detail.content')}
        </h2>
        {m.redacted ? (
          <p className="mt-2 text-slate-700" data-testid="mail-redacted">
            {t('mail_log.detail.redacted')}
          </p>
        ) : (
          <div className="mt-2 space-y-4">
            {m.html ? <MailFrame html={m.html} title={t('mail_log.detail.html_frame')} testId="mail-html" /> : null}
            <h3 className="font-semibold">{t('mail_log.detail.text_part')}</h3>
            <MailText text={m.text} testId="mail-text" />
          </div>
        )}
      </section>
    </div>
  );
}
