// Staff: global notifications (issue #24 §1, decision 073), on the admin host with the right
// 'notifications.manage'. One plain form sends one (title, text, tone, on screen or not, start and end;
// written with its audit row in one batch, once per form: the form's key is its dedupe key), and the
// ones sent are listed below. A notice that runs now reaches every open page at once.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { CsrfInput } from '../components/csrf-input';
import { requireStaff } from '../lib/auth.server';
import { athensFormat } from '../lib/date-format';
import { FormAlert } from '../lib/forms';
import { readProtectedForm } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { codeData } from '../lib/route-error.server';

const TONES = ['info', 'success', 'warning', 'alert'] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, 'notifications.manage');
  const { t } = await pageT(request);
  return {
    meta: { title: t('notifications:admin.meta_title') },
    sent: new URL(request.url).searchParams.get('done') === 'sent',
    key: crypto.randomUUID(),
    globals: await context.services.notifications.globals(50),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

/** A `datetime-local` value read as UTC; '' is no limit. */
function readInstant(value: FormDataEntryValue | null): Date | null | undefined {
  const s = typeof value === 'string' ? value.trim() : '';
  if (!s) return null;
  const at = new Date(/Z$|[+-]\d\d:\d\d$/.test(s) ? s : `${s}Z`);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireStaff(request, context, 'notifications.manage');
  const form = await readProtectedForm(request, context);
  if (form.get('intent') !== 'send') throw data(codeData({ code: ErrorCode.UNRECOGNIZED_ACTION }), { status: 400 });
  const title = String(form.get('title') ?? '').trim();
  const body = String(form.get('body') ?? '').trim();
  const tone = TONES.find((x) => x === form.get('tone')) ?? 'info';
  const key = String(form.get('key') ?? '').trim();
  const startsAt = readInstant(form.get('starts_at'));
  const endsAt = readInstant(form.get('ends_at'));
  const valid =
    title.length > 0 && title.length <= 200 && body.length <= 2000 && /^[0-9a-f-]{36}$/.test(key) && startsAt !== undefined && endsAt !== undefined && !(startsAt && endsAt && endsAt <= startsAt);
  if (!valid) return data({ code: ErrorCode.VALIDATION_ERROR }, { status: 400 });
  await context.services.notifications.createGlobal(
    { type: 3, tone, displayOnScreen: form.get('on_screen') === '1', title, body: body || null, startsAt: startsAt ?? null, endsAt: endsAt ?? null, dedupeKey: `staff:${key}` },
    { actorUserId: session.user.id, ip: context.ip },
  );
  return redirect('/admin/notifications?done=sent', 303);
}

export default function AdminNotifications() {
  const { sent, key, globals } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation('notifications');
  const when = (ms: number | null) => (ms === null ? t('admin.always') : athensFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms)));
  return (
    <div className="space-y-6" data-testid="admin-notifications">
      <h1 className="text-2xl font-bold">{t('admin.title')}</h1>
      {sent ? (
        <FormAlert type="success" testId="global-sent">
          {t('admin.sent')}
        </FormAlert>
      ) : null}
      {actionData?.code ? (
        <FormAlert type="alert" testId="global-invalid" code={actionData.code}>
          {t('admin.invalid')}
        </FormAlert>
      ) : null}
      <section className="card" aria-labelledby="send-title">
        <h2 id="send-title" className="mb-4 text-xl font-semibold">
          {t('admin.send_title')}
        </h2>
        <Form method="post" className="grid gap-4 md:grid-cols-2" data-testid="global-form">
          <CsrfInput />
          <input type="hidden" name="intent" value="send" />
          <input type="hidden" name="key" value={key} />
          <label className="md:col-span-2">
            <span className="mb-1 block text-sm font-medium">{t('admin.field_title')}</span>
            <input name="title" required maxLength={200} className="w-full rounded border border-slate-300 px-2 py-2" data-testid="global-title" />
          </label>
          <label className="md:col-span-2">
            <span className="mb-1 block text-sm font-medium">{t('admin.field_body')}</span>
            <textarea name="body" maxLength={2000} rows={3} className="w-full rounded border border-slate-300 px-2 py-2" data-testid="global-body" />
          </label>
          <label>
            <span className="mb-1 block text-sm font-medium">{t('admin.field_tone')}</span>
            <select name="tone" defaultValue="info" className="w-full rounded border border-slate-300 px-2 py-2" data-testid="global-tone">
              {TONES.map((x) => (
                <option key={x} value={x}>
                  {t(`admin.tone_${x}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="flex items-center gap-2 self-end">
            <input type="checkbox" name="on_screen" value="1" defaultChecked data-testid="global-on-screen" />
            <span>{t('admin.field_on_screen')}</span>
          </label>
          <label>
            <span className="mb-1 block text-sm font-medium">{t('admin.field_starts')}</span>
            <input type="datetime-local" name="starts_at" className="w-full rounded border border-slate-300 px-2 py-2" />
          </label>
          <label>
            <span className="mb-1 block text-sm font-medium">{t('admin.field_ends')}</span>
            <input type="datetime-local" name="ends_at" className="w-full rounded border border-slate-300 px-2 py-2" />
          </label>
          <div className="md:col-span-2">
            <button type="submit" className="btn-primary" data-testid="global-send">
              {t('admin.send')}
            </button>
          </div>
        </Form>
      </section>
      <section className="card" aria-labelledby="sent-title">
        <h2 id="sent-title" className="mb-4 text-xl font-semibold">
          {t('admin.list_title')}
        </h2>
        {globals.length === 0 ? (
          <p className="text-sm text-slate-700">{t('admin.none')}</p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="global-list">
            {globals.map((g) => (
              <li key={g.id} className="py-3" data-testid="global-row">
                <p className="font-medium">{g.text}</p>
                {g.body ? <p className="text-sm text-slate-700">{g.body}</p> : null}
                <p className="text-sm text-slate-600">
                  {t(`admin.tone_${g.tone}`)}
                  {g.displayOnScreen ? ` · ${t('admin.on_screen')}` : ''}
                  {` · ${when(g.startsAt ?? g.createdAt)} – ${when(g.endsAt)}`}
                  {g.createdBy ? ` · ${g.createdBy}` : ''}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
