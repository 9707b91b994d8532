// Enable or disable a customer (issue #22 §2, spec §4 User). GET is the confirmation step for a
// browser without JavaScript ('Are you sure you want to deactivate/activate user {username}?'); the
// app's dialog on the customer page posts to the same action. The form posts status=active (the
// trigger value for activation) or status=suspended. Right: customers.manage (support: 175); oneself
// or a member of staff: 151. Disabling ends every session of the customer at once, in every tab.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { customerDisplayName, parseStatusTrigger, statusChangeRefusal } from '../../core/staff/customers';
import { StatusCancelLink, StatusConfirmForm } from '../components/admin/customer-status';
import { customerId } from '../lib/admin-customer.server';
import { requireStaff } from '../lib/auth.server';
import { readProtectedForm } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { codeData } from '../lib/route-error.server';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const session = await requireStaff(request, context, 'customers.manage');
  const { t } = await pageT(request);
  const u = await context.services.staffCustomers.customerSummary(customerId(params.id));
  if (!u) throw data(codeData({ code: ErrorCode.USER_STATUS_NOT_FOUND }), { status: 404 });
  const refusal = statusChangeRefusal(session.user.id, u);
  if (refusal !== null) throw data(codeData({ code: refusal }), { status: 403 });
  // The question asked is the one the button asked for; without a valid one, the change the status allows.
  const to = parseStatusTrigger(new URL(request.url).searchParams.get('to')) ?? (u.status === 'active' ? 'suspended' : 'active');
  return {
    meta: { title: t(to === 'suspended' ? 'admincustomers:confirm_title_deactivate' : 'admincustomers:confirm_title_activate') },
    target: { id: u.id, username: customerDisplayName(u), to },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const session = await requireStaff(request, context, 'customers.manage');
  const id = customerId(params.id);
  const form = await readProtectedForm(request, context);
  const to = parseStatusTrigger(form.get('status'));
  if (to === null) throw data(codeData({ code: ErrorCode.VALIDATION_ERROR }), { status: 400 });
  const result = await context.services.staffCustomers.setCustomerStatus({ userId: session.user.id, ip: context.ip }, id, to);
  if (!result.ok) throw data(codeData({ code: result.code }), { status: result.status });
  return redirect(`/admin/customers/${id}?done=${result.changed ? to : 'unchanged'}`, 303);
}

export default function AdminCustomerStatus() {
  const { target } = useLoaderData<typeof loader>();
  const { t } = useTranslation('admincustomers');
  return (
    <div data-testid="admin-customer-status">
      <h1 className="text-3xl font-bold">{t(target.to === 'suspended' ? 'confirm_title_deactivate' : 'confirm_title_activate')}</h1>
      <div className="card mt-6 max-w-xl">
        <StatusConfirmForm target={target} cancel={<StatusCancelLink id={target.id} />} />
      </div>
    </div>
  );
}
