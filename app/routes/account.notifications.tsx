// The customer's notifications (issue #24 §1, decision 073): their own notices and the running global
// ones, newest first, 20 a page, filtered by type in a GET form; mark one or all read, delete one, and
// 'delete all' after a confirmation (spec §4: every notice and the counter). Every control is a plain
// form (the confirmation is this page with ?confirm=all without JavaScript, the dialog with it). Open
// tabs follow: a new notice or a deletion elsewhere has the list read again.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData, useRevalidator } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { notificationsHref, NOTIFICATION_TYPE_IDS, parseNotificationFilters } from '../../core/notifications/filters';
import { AreaTitle, type AccountActionData } from '../components/account/outcome';
import { CsrfInput } from '../components/csrf-input';
import { Dialog } from '../components/dialog';
import { PageIdInput } from '../components/page-id-input';
import { RowActionForm } from '../components/responsive-table';
import { readAccountAction, unknownIntent } from '../lib/account-action.server';
import { requireUser } from '../lib/auth.server';
import { codeMessage } from '../lib/codes';
import { athensFormat } from '../lib/date-format';
import { FormAlert, SubmitButton } from '../lib/forms';
import { useLiveChannel } from '../lib/live';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const { t, lang } = await pageT(request);
  const url = new URL(request.url);
  const filters = parseNotificationFilters(url.searchParams);
  const list = await context.services.notifications.list(session.user.id, lang, filters);
  return data({ meta: { title: t('notifications:page.meta_title') }, filters, confirmAll: url.searchParams.get('confirm') === 'all', ...list });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, context }: ActionFunctionArgs) {
  const { userId, intent, form, uniqueId, answer } = await readAccountAction(request, context);
  const centre = context.services.notifications;
  const id = Number(form.get('id'));
  const needsId = intent === 'read' || intent === 'delete';
  if (needsId && !(Number.isInteger(id) && id > 0)) return answer.done(ErrorCode.VALIDATION_ERROR, 400);
  const outcome =
    intent === 'read'
      ? await centre.markRead(userId, id)
      : intent === 'read_all'
        ? await centre.markAllRead(userId)
        : intent === 'delete'
          ? await centre.remove(userId, id, uniqueId)
          : intent === 'delete_all'
            ? await centre.removeAll(userId, uniqueId)
            : unknownIntent();
  return outcome.ok ? answer.done(ErrorCode.SUCCESS) : answer.done(outcome.code, outcome.status);
}

const DONE_TEXT: Record<string, string> = { read: 'page.marked', read_all: 'page.all_marked', delete: 'page.deleted', delete_all: 'page.all_deleted' };
const TONE_BAR = { alert: 'border-l-red-500', warning: 'border-l-amber-500', success: 'border-l-green-600', info: 'border-l-sky-500' } as const;

function DeleteAllForm({ cancel }: { cancel: React.ReactNode }) {
  const { t } = useTranslation('notifications');
  return (
    <Form method="post" action="/account/notifications" data-testid="delete-all-form">
      <CsrfInput />
      <PageIdInput />
      <p>{t('page.delete_all_text')}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <SubmitButton intent="delete_all" className="btn-primary" testId="delete-all-confirm">
          {t('page.delete_all_confirm')}
        </SubmitButton>
        {cancel}
      </div>
    </Form>
  );
}

export default function AccountNotifications() {
  const { items, total, page, pages, filters, confirmAll } = useLoaderData<typeof loader>();
  const actionData = useActionData<AccountActionData>();
  const { t, i18n } = useTranslation('notifications');
  const revalidator = useRevalidator();
  const [dialog, setDialog] = useState(false);
  const when = (ms: number) => athensFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
  // Another tab's change, or a new notice: this list reads itself again.
  const reload = () => revalidator.state === 'idle' && revalidator.revalidate();
  useLiveChannel('notifications', reload);
  useLiveChannel('global-notifications', reload);
  const code = actionData?.code;
  return (
    <div className="space-y-6" data-testid="panel-notifications">
      <AreaTitle>{t('page.title')}</AreaTitle>
      {code !== undefined && actionData ? (
        code === ErrorCode.SUCCESS ? (
          <FormAlert type="success" testId="notifications-outcome" code={code}>
            {t(DONE_TEXT[actionData.intent] ?? 'page.marked')}
          </FormAlert>
        ) : (
          <FormAlert type="alert" testId="notifications-outcome" code={code}>
            {codeMessage(t, code)}
          </FormAlert>
        )
      ) : null}
      {confirmAll ? (
        <section className="card" aria-labelledby="delete-all-title" data-testid="delete-all-page">
          <h2 id="delete-all-title" className="mb-2 text-xl font-semibold">
            {t('page.delete_all_title')}
          </h2>
          <DeleteAllForm
            cancel={
              <Link to={notificationsHref(filters)} className="btn-secondary">
                {t('page.cancel')}
              </Link>
            }
          />
        </section>
      ) : null}
      <section className="card space-y-4" aria-labelledby="notifications-list-title">
        <h2 id="notifications-list-title" className="sr-only">
          {t('page.title')}
        </h2>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <Form method="get" className="flex items-end gap-2" data-testid="notifications-filter">
            <label className="text-sm">
              <span className="mb-1 block text-slate-700">{t('page.filter_label')}</span>
              <select name="type" defaultValue={filters.type ?? ''} className="rounded border border-slate-300 px-2 py-2" data-testid="notifications-type">
                <option value="">{t('page.filter_all')}</option>
                {NOTIFICATION_TYPE_IDS.map((id) => (
                  <option key={id} value={id}>
                    {t(`page.type_${id}`)}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="btn-secondary">
              {t('page.filter_apply')}
            </button>
          </Form>
          {total > 0 ? (
            <div className="flex flex-wrap gap-2">
              <Form method="post">
                <CsrfInput />
                <PageIdInput />
                <SubmitButton intent="read_all" className="btn-secondary" testId="mark-all-read">
                  {t('page.mark_all_read')}
                </SubmitButton>
              </Form>
              <Form
                method="get"
                onSubmit={(e) => {
                  // With JavaScript the question is asked in the dialog; without it, on this page.
                  e.preventDefault();
                  setDialog(true);
                }}
              >
                {filters.type ? <input type="hidden" name="type" value={filters.type} /> : null}
                <input type="hidden" name="confirm" value="all" />
                <button type="submit" className="btn-secondary" data-testid="delete-all">
                  {t('page.delete_all')}
                </button>
              </Form>
            </div>
          ) : null}
        </div>
        {items.length === 0 ? (
          <p className="text-sm text-slate-700" data-testid="notifications-empty">
            {t('page.empty')}
          </p>
        ) : (
          <ul className="space-y-3" data-testid="notification-list">
            {items.map((n) => (
              <li key={n.id} className={`rounded-lg border border-l-4 border-slate-200 p-3 ${TONE_BAR[n.tone]} ${n.read ? 'bg-white' : 'bg-blue-50'}`} data-testid="notification" data-id={n.id} data-read={n.read}>
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="text-sm text-slate-600">
                      <span>{t(`page.type_${n.type}`)}</span>
                      {' · '}
                      <time dateTime={new Date(n.createdAt).toISOString()}>{when(n.createdAt)}</time>
                      {n.global ? <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800">{t('page.global')}</span> : null}
                      {!n.read ? <span className="ml-2 rounded bg-blue-100 px-1.5 py-0.5 text-xs font-semibold text-blue-900">{t('page.unread')}</span> : null}
                    </p>
                    <p className={n.read ? '' : 'font-semibold'} data-testid="notification-text">
                      {n.text}
                    </p>
                    {n.body ? <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{n.body}</p> : null}
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {n.link ? (
                      <Link to={n.link} className="btn-secondary px-2 py-1 text-sm">
                        {t('page.open')}
                      </Link>
                    ) : null}
                    {!n.read ? (
                      <RowActionForm id={n.id} intent="read" testId="notification-read">
                        {t('page.mark_read')}
                      </RowActionForm>
                    ) : null}
                    <RowActionForm id={n.id} intent="delete" testId="notification-delete">
                      {t('page.delete')}
                    </RowActionForm>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
        {pages > 1 ? (
          <nav aria-label={t('page.pages_label')} className="flex items-center justify-between gap-2 text-sm" data-testid="notifications-pages">
            {page > 1 ? (
              <Link to={notificationsHref({ ...filters, page: page - 1 })} rel="prev">
                {t('page.previous')}
              </Link>
            ) : (
              <span />
            )}
            <span>{t('page.page_of', { page, pages })}</span>
            {page < pages ? (
              <Link to={notificationsHref({ ...filters, page: page + 1 })} rel="next">
                {t('page.next')}
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </section>
      <Dialog open={dialog} onClose={() => setDialog(false)} title={t('page.delete_all_title')} testId="delete-all-dialog">
        <DeleteAllForm
          cancel={
            <button type="button" className="btn-secondary" onClick={() => setDialog(false)}>
              {t('page.cancel')}
            </button>
          }
        />
      </Dialog>
    </div>
  );
}
