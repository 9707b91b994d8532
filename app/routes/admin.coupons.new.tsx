// A new coupon (issue #22 §2): the form of core/validation/coupon-forms.ts, checked in the browser and
// again here; a taken code is refused next to its field. Needs coupons.manage in the loader and the
// action (support gets 175). The coupon and its audit row are one batch (worker/services/billing).
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Link, useActionData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { couponFieldsOf, couponFormSchema } from '../../core/validation/coupon-forms';
import { CouponForm } from '../components/admin/coupon-form';
import { requireStaff } from '../lib/auth.server';
import { readProtectedForm } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { fieldMessage, parseForm, type FormResult } from '../lib/submission.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, 'coupons.manage');
  const { t } = await pageT(request);
  return { meta: { title: t('admincoupons:new_meta_title') } };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireStaff(request, context, 'coupons.manage');
  const form = await readProtectedForm(request, context);
  const submission = parseForm(form, couponFormSchema);
  if (submission.status !== 'success') return data<{ result: FormResult }>({ result: submission.reply() }, 400);
  const fields = couponFieldsOf(submission.value);
  const created = await context.services.coupons.create(fields, { userId: session.user.id, ip: context.ip });
  if (!created.ok) return data<{ result: FormResult }>({ result: submission.reply({ fieldErrors: { code: fieldMessage('COUPON_CODE_TAKEN') } }) }, 409);
  return redirect(`/admin/coupons/${encodeURIComponent(fields.code)}?done=created`, 303);
}

export default function AdminCouponNew() {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation('admincoupons');
  return (
    <div data-testid="admin-coupon-new">
      <p className="text-sm">
        <Link to="/admin/coupons" className="text-blue-800 underline">
          {t('back')}
        </Link>
      </p>
      <h1 className="mt-1 text-3xl font-bold">{t('new_title')}</h1>
      <CouponForm mode="create" lastResult={actionData?.result} />
    </div>
  );
}
