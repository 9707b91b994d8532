// One customer in the back office (issue #22 §2): profile, billing profiles (the default one marked,
// with the 'the user's default profile' tooltip of spec §6), domains, orders, documents, credit, hosting,
// sessions and consents. Admins (customers.manage) see the enable/disable button and "end session";
// support reads the same page without them, and the actions refuse it anyway (175). The e-mail part
// (issue #33 §3): the latest messages, and two safe actions support may take too (customers.assist):
// a new verification link and a password-reset link, to the customer's own address, rate-limited.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { describeUserAgent } from '../../core/sessions';
import { customerDisplayName } from '../../core/staff/customers';
import { isCustomerMailAction } from '../../core/staff/mail-log';
import { staffCan, type StaffPermission } from '../../core/staff/permissions';
import { CustomerHosting } from '../components/admin/customer-hosting';
import { CustomerMail } from '../components/admin/customer-mail';
import { CustomerSections, DefaultProfileTip, Section } from '../components/admin/customer-sections';
import { StatusBadge, StatusChangeButton } from '../components/admin/customer-status';
import { CsrfInput } from '../components/csrf-input';
import { requireStaff } from '../lib/auth.server';
import { athensFormat } from '../lib/date-format';
import { FormAlert } from '../lib/forms';
import { readProtectedForm } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { codeData } from '../lib/route-error.server';
import { customerId } from '../lib/admin-customer.server';
import { codeAlertType, codeMessage } from '../lib/codes';

const DONE = ['suspended', 'active', 'unchanged', 'session_ended', 'session_gone'] as const;
type Done = (typeof DONE)[number];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const session = await requireStaff(request, context, 'customers.view');
  const { t, lang } = await pageT(request);
  const page = await context.services.staffCustomers.customerPage(customerId(params.id));
  if (!page) throw data(codeData({ code: ErrorCode.USER_STATUS_NOT_FOUND }), { status: 404 });
  const group = session.user.userGroup;
  const mail = staffCan(group, 'mail.view') ? await context.services.staffMail.ofCustomer(page.user.id, CUSTOMER_MAIL_ROWS) : { rows: [], total: 0 };
  const names = mail.rows.length ? context.services.staffMail.templateNames(lang) : {};
  const sent = new URL(request.url).searchParams.get('sent');
  const { user: u } = page;
  const name = customerDisplayName(u);
  const done = new URL(request.url).searchParams.get('done');
  return {
    meta: { title: t('admincustomers:page_meta_title', { name }) },
    canManage: staffCan(group, 'customers.manage'),
    canAssist: staffCan(group, 'customers.assist'),
    // A safe action that went (its success code, shown after the redirect).
    sent: sent === 'verification' ? ErrorCode.CUSTOMER_VERIFICATION_SENT : sent === 'reset' ? ErrorCode.CUSTOMER_RESET_SENT : null,
    mail: { total: mail.total, rows: mail.rows.map((r) => ({ id: r.id, subject: r.subject, templateName: names[r.template] ?? r.template, status: r.status, createdAt: r.createdAt })) },
    done: (DONE as readonly string[]).includes(done ?? '') ? (done as Done) : null,
    customer: {
      id: u.id,
      name,
      email: u.email,
      emailVerified: u.emailVerifiedAt !== null,
      mobile: u.mobile,
      address: [u.address, u.postcode, u.city, u.countryIso2].filter(Boolean).join(', '),
      locale: u.locale,
      twoFactor: u.totpEnabledAt !== null || u.emailTwoFactor,
      status: u.status,
      registeredAt: u.createdAt.getTime(),
      lastLoginAt: u.lastLoginAt?.getTime() ?? null,
      consents: {
        processingAt: u.gdprProcessingAt?.getTime() ?? null,
        validityAt: u.gdprValidityAt?.getTime() ?? null,
        communication: u.gdprCommunication,
        newsletter: u.newsletter,
      },
    },
    profiles: page.profiles.map((p) => ({ id: p.id, type: p.type, name: p.name, vatNumber: p.vatNumber, address: `${p.address}, ${p.postcode} ${p.city}, ${p.countryIso2}`, isDefault: p.isDefault })),
    domains: { total: page.domains.total, rows: page.domains.rows.map((d) => ({ ...d, expiresAt: d.expiresAt.getTime() })) },
    orders: { total: page.orders.total, rows: page.orders.rows.map((o) => ({ ...o, createdAt: o.createdAt.getTime() })) },
    documents: page.documents.map((d) => ({ ...d, createdAt: d.createdAt.getTime() })),
    hosting: page.hosting.map((h) => ({ id: h.id, name: h.domain ?? h.username, kind: h.kind, status: h.status, server: h.server, expiresAt: h.expiresAt.getTime() })),
    credit: { balanceCents: page.credit.balanceCents, movements: page.credit.movements.map((m) => ({ ...m, createdAt: m.createdAt.getTime() })) },
    // Only a prefix of a session id reaches the page: enough to name it, useless as a cookie.
    sessions: page.sessions.map((s) => ({ ...describeUserAgent(s.userAgent), id: s.id.slice(0, 16), ip: s.ip, lastSeenAt: s.lastSeenAt, createdAt: s.createdAt })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

/** How many of the customer's latest messages the page lists (the rest are in the log, filtered). */
const CUSTOMER_MAIL_ROWS = 10;

export async function action({ request, params, context }: ActionFunctionArgs) {
  const session = await requireStaff(request, context, 'customers.view');
  const id = customerId(params.id);
  const form = await readProtectedForm(request, context);
  const intent = form.get('intent');
  const may = (permission: StaffPermission) => {
    if (!staffCan(session.user.userGroup, permission)) throw data(codeData({ code: ErrorCode.INSUFFICIENT_PERMISSIONS }), { status: 403 });
  };
  if (isCustomerMailAction(intent)) {
    may('customers.assist');
    const result = await context.services.staffCustomerMail.send({ userId: session.user.id, ip: context.ip }, id, intent, new URL(request.url).origin);
    if (!result.ok) return data({ code: result.code, seconds: result.retryAfter }, { status: result.status, headers: result.retryAfter ? { 'Retry-After': String(result.retryAfter) } : undefined });
    return redirect(`/admin/customers/${id}?sent=${intent === 'send_reset' ? 'reset' : 'verification'}#mail`, 303);
  }
  may('customers.manage');
  if (intent !== 'end_session') throw data(codeData({ code: ErrorCode.UNRECOGNIZED_ACTION }), { status: 400 });
  const result = await context.services.staffCustomers.endCustomerSession({ userId: session.user.id, ip: context.ip }, id, String(form.get('session') ?? ''));
  if (!result.ok) return data({ code: result.code }, { status: result.status });
  return redirect(`/admin/customers/${id}?done=${result.changed ? 'session_ended' : 'session_gone'}#sessions`, 303);
}

export default function AdminCustomer() {
  const { customer: c, canManage, canAssist, sent, mail, done, sessions, hosting, ...rest } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>() as { code: number; seconds?: number } | undefined;
  const { t, i18n } = useTranslation('admincustomers');
  const when = athensFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const day = athensFormat(i18n.language, { dateStyle: 'medium' });
  const time = (ms: number | null, format = when) => (ms === null ? t('none') : <time dateTime={new Date(ms).toISOString()}>{format.format(ms)}</time>);
  return (
    <div data-testid="admin-customer" data-customer-id={c.id}>
      <p className="text-sm">
        <Link to="/admin/customers" className="text-blue-800 underline">
          {t('back')}
        </Link>
      </p>
      <h1 className="mt-1 flex flex-wrap items-center gap-3 text-3xl font-bold">
        <span data-testid="customer-name">{c.name}</span>
        <StatusBadge status={c.status} />
      </h1>
      <div className="mt-4" aria-live="polite">
        {refused ? (
          <FormAlert type={codeAlertType(refused.code)} testId="customer-refused" code={refused.code}>
            {codeMessage(t, refused.code, { seconds: refused.seconds })}
          </FormAlert>
        ) : null}
        {sent ? (
          <FormAlert type="success" testId="customer-mail-sent" code={sent}>
            {codeMessage(t, sent)}
          </FormAlert>
        ) : null}
        {done ? (
          <FormAlert type="success" testId="customer-done">
            {t(`done_${done}`)}
          </FormAlert>
        ) : null}
      </div>
      <Section id="account" title={t('account')}>
        {canManage ? (
          <StatusChangeButton target={{ id: c.id, username: c.name, to: c.status === 'active' ? 'suspended' : 'active' }} />
        ) : (
          <p className="text-sm text-slate-700" data-testid="customer-read-only">
            {t('read_only')}
          </p>
        )}
      </Section>
      <Section id="profile" title={t('profile')}>
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          <dt className="text-slate-600">{t('email')}</dt>
          <dd className="break-all" data-testid="customer-email">
            {c.email} ({t(c.emailVerified ? 'email_verified' : 'email_unverified')})
          </dd>
          <dt className="text-slate-600">{t('mobile')}</dt>
          <dd>{c.mobile ?? t('none')}</dd>
          <dt className="text-slate-600">{t('address')}</dt>
          <dd>{c.address || t('none')}</dd>
          <dt className="text-slate-600">{t('language')}</dt>
          <dd>{c.locale === 'en' ? 'English' : 'Ελληνικά'}</dd>
          <dt className="text-slate-600">{t('two_factor')}</dt>
          <dd>{t(c.twoFactor ? 'on' : 'off')}</dd>
          <dt className="text-slate-600">{t('col_registered')}</dt>
          <dd>{time(c.registeredAt, day)}</dd>
          <dt className="text-slate-600">{t('col_last_login')}</dt>
          <dd>{c.lastLoginAt === null ? t('never') : time(c.lastLoginAt)}</dd>
        </dl>
      </Section>
      <Section id="billing" title={t('billing_profiles')}>
        {rest.profiles.length === 0 ? (
          <p className="text-sm text-slate-700">{t('billing_empty')}</p>
        ) : (
          <ul className="space-y-2" data-testid="customer-profiles">
            {rest.profiles.map((p) => (
              <li key={p.id} className="rounded border border-slate-200 p-3" data-testid="customer-profile" data-default={p.isDefault}>
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  {p.name} <span className="text-sm font-normal text-slate-600">· {t(`type_${p.type}`)}</span>
                  {p.isDefault ? <DefaultProfileTip id={`default-profile-${p.id}`} /> : null}
                </p>
                {p.vatNumber ? (
                  <p className="text-sm">
                    {t('vat_number')}: {p.vatNumber}
                  </p>
                ) : null}
                <p className="text-sm text-slate-700">{p.address}</p>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <CustomerSections {...rest} />
      <CustomerHosting rows={hosting} />
      <CustomerMail customerId={c.id} rows={mail.rows} total={mail.total} canAssist={canAssist} emailVerified={c.emailVerified} />
      <Section id="sessions" title={t('sessions')}>
        {sessions.length === 0 ? (
          <p className="text-sm text-slate-700" data-testid="customer-sessions-empty">
            {t('sessions_empty')}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="customer-sessions">
            {sessions.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="customer-session" data-session={s.id}>
                <span>
                  <span className="font-medium">{`${s.browser === 'other' ? '—' : s.browser} · ${s.os === 'other' ? '—' : s.os}`}</span>
                  <span className="block text-sm text-slate-600">
                    {t('col_ip')}: {s.ip} · {t('col_last_seen')}: {time(s.lastSeenAt)} · {t('col_started')}: {time(s.createdAt)}
                  </span>
                </span>
                {canManage ? (
                  <Form method="post">
                    <CsrfInput />
                    <input type="hidden" name="session" value={s.id} />
                    <button type="submit" name="intent" value="end_session" className="btn-secondary px-2 py-1 text-sm" data-testid="end-session">
                      {t('end_session')}
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section id="consents" title={t('consents')}>
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]" data-testid="customer-consents">
          <dt className="text-slate-600">{t('gdpr_processing')}</dt>
          <dd>{c.consents.processingAt === null ? t('not_given') : t('given_at', { when: when.format(c.consents.processingAt) })}</dd>
          <dt className="text-slate-600">{t('gdpr_validity')}</dt>
          <dd>{time(c.consents.validityAt)}</dd>
          <dt className="text-slate-600">{t('gdpr_communication')}</dt>
          <dd>{t(c.consents.communication ? 'yes' : 'no')}</dd>
          <dt className="text-slate-600">{t('newsletter')}</dt>
          <dd>{t(c.consents.newsletter ? 'yes' : 'no')}</dd>
        </dl>
      </Section>
    </div>
  );
}
