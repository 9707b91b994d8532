// The back office's dashboard (issue #22 §1): the work queues, each with how much waits in it and a
// link to the screen that works it. A group sees only the queues whose screen it may open (support:
// the order queues, read-only; not myDATA). Erasure requests have no queue yet: nothing in the data
// model records one, so the dashboard does not pretend to count them.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { staffCan, type StaffPermission } from '../../core/staff/permissions';
import type { WorkQueueCounts } from '../../worker/services/staff';
import { requireStaff } from '../lib/auth.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';

/** The queues in the order they are worked; `count` names the figure of the dashboard service. */
const QUEUES: { key: string; count: keyof WorkQueueCounts; to: string; permission: StaffPermission }[] = [
  { key: 'bank', count: 'bankTransfers', to: '/admin/orders?view=bank', permission: 'orders.view' },
  { key: 'failed', count: 'failedItems', to: '/admin/orders?view=attention', permission: 'orders.view' },
  { key: 'mydata', count: 'mydataFailures', to: '/admin/mydata', permission: 'mydata.view' },
  { key: 'refunds', count: 'pendingRefunds', to: '/admin/orders?view=refunds', permission: 'orders.view' },
  // Issue #33 §3: a message that failed or bounced shows here, so a failure reaches staff.
  { key: 'mail', count: 'mailProblems', to: '/admin/mail?status=attention', permission: 'mail.view' },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireStaff(request, context, 'dashboard.view');
  const { t } = await pageT(request);
  const counts = await context.services.staffDashboard.workQueues();
  const group = session.user.userGroup;
  return {
    meta: { title: t('staff:dashboard.meta_title') },
    name: session.user.accountName,
    queues: QUEUES.filter((q) => staffCan(group, q.permission)).map((q) => ({ key: q.key, to: q.to, count: counts[q.count] })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export default function AdminDashboard() {
  const { name, queues } = useLoaderData<typeof loader>();
  const { t } = useTranslation('staff');
  return (
    <div data-testid="admin-home">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('dashboard.title')}</h1>
      <p className="mt-1 text-slate-600">{t('dashboard.welcome', { name })}</p>
      <h2 className="mt-6 text-lg font-semibold">{t('dashboard.queues')}</h2>
      <ul className="mt-3 grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="work-queues">
        {queues.map((q) => (
          <li key={q.key}>
            <Link
              to={q.to}
              className={`card block h-full border-l-4 hover:bg-slate-50 ${q.count > 0 ? 'border-l-amber-500' : 'border-l-emerald-600'}`}
              data-testid={`queue-${q.key}`}
              data-count={q.count}
            >
              <span className="block text-3xl font-bold tabular-nums" data-testid={`queue-${q.key}-count`}>
                {q.count}
              </span>
              <span className="mt-1 block font-semibold text-blue-900">{t(`dashboard.queue.${q.key}.title`)}</span>
              <span className="mt-1 block text-sm text-slate-600">{q.count > 0 ? t(`dashboard.queue.${q.key}.waiting`) : t('dashboard.nothing_waiting')}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
