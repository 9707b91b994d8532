// One coupon in the back office (issue #22 §2): its terms, the form that changes them (coupons.manage;
// support sees the terms and the history without the form, and the action refuses it with 175), and
// the redemption history: who used it, on which order, when and for how much. Orders already placed
// keep their discount whatever the coupon becomes (the order and its use carry the amount).
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { normaliseCouponCode } from '../../core/orders/coupons';
import { parseListQuery } from '../../core/staff/list-query';
import { staffCan } from '../../core/staff/permissions';
import { couponFieldsOf, couponFormSchema, couponFormValues } from '../../core/validation/coupon-forms';
import { CouponForm } from '../components/admin/coupon-form';
import { ListPager } from '../components/admin/list-controls';
import { CouponAudience, CouponDiscount, CouponStatus, CouponUses, CouponValidity, useAdminDate } from '../components/admin/coupon-summary';
import { Price } from '../components/price';
import { Cell, ResponsiveTable, Row } from '../components/responsive-table';
import { requireStaff } from '../lib/auth.server';
import { FormAlert } from '../lib/forms';
import { readProtectedForm } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { codeData } from '../lib/route-error.server';
import { parseForm, type FormResult } from '../lib/submission.server';

const DONE = ['created', 'saved', 'unchanged'] as const;
/** worker/services/billing/coupons.ts reads the history 50 uses a page. */
const HISTORY_PER_PAGE = 50;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const session = await requireStaff(request, context, 'coupons.view');
  const { t } = await pageT(request);
  const code = normaliseCouponCode(params.code ?? '');
  const coupon = await context.services.coupons.get(code);
  if (!coupon) throw data(codeData({ code: ErrorCode.UNRECOGNIZED_ACTION }), { status: 404 });
  const search = new URL(request.url).searchParams;
  // The history's pages: 50 uses each, newest first (parseListQuery caps the page number).
  const { page } = parseListQuery(search, { sorts: ['at'], defaultSort: 'at', defaultDir: 'desc' });
  const history = await context.services.coupons.redemptions(code, page);
  const done = search.get('done');
  return {
    meta: { title: t('admincoupons:coupon_meta_title', { code }) },
    coupon,
    history,
    historyPage: { page, perPage: HISTORY_PER_PAGE },
    values: couponFormValues(coupon),
    canManage: staffCan(session.user.userGroup, 'coupons.manage'),
    done: (DONE as readonly string[]).includes(done ?? '') ? (done as (typeof DONE)[number]) : null,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, context, params }: ActionFunctionArgs) {
  const session = await requireStaff(request, context, 'coupons.manage');
  const form = await readProtectedForm(request, context);
  if (form.get('intent') !== 'update') throw data(codeData({ code: ErrorCode.UNRECOGNIZED_ACTION }), { status: 400 });
  const code = normaliseCouponCode(params.code ?? '');
  // The code is the address's, never the form's: a coupon's code does not change.
  form.set('code', code);
  const submission = parseForm(form, couponFormSchema);
  if (submission.status !== 'success') return data<{ result: FormResult }>({ result: submission.reply() }, 400);
  const saved = await context.services.coupons.update(code, couponFieldsOf(submission.value), { userId: session.user.id, ip: context.ip });
  if (!saved.ok) throw data(codeData({ code: ErrorCode.UNRECOGNIZED_ACTION }), { status: 404 });
  return redirect(`/admin/coupons/${encodeURIComponent(code)}?done=${saved.changed ? 'saved' : 'unchanged'}`, 303);
}

export default function AdminCoupon() {
  const { coupon, history, historyPage, values, canManage, done } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation('admincoupons');
  const when = useAdminDate();
  const yesNo = (v: boolean) => (v ? t('field.yes') : t('field.no'));
  return (
    <div data-testid="admin-coupon" data-code={coupon.code}>
      <p className="text-sm">
        <Link to="/admin/coupons" className="text-blue-800 underline">
          {t('back')}
        </Link>
      </p>
      <h1 className="mt-1 flex flex-wrap items-center gap-3 text-3xl font-bold">
        <span className="font-mono">{coupon.code}</span>
        <CouponStatus c={coupon} />
      </h1>
      <div className="mt-4" aria-live="polite">
        {done ? (
          <FormAlert type="success" testId="coupon-done">
            {t(`done.${done}`)}
          </FormAlert>
        ) : null}
      </div>
      <section className="mt-4" aria-labelledby="coupon-terms">
        <h2 id="coupon-terms" className="text-xl font-semibold">
          {t('terms')}
        </h2>
        <dl className="mt-2 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2" data-testid="coupon-terms">
          <Term label={t('col.discount')}>
            <CouponDiscount c={coupon} />
          </Term>
          <Term label={t('col.audience')}>
            <CouponAudience c={coupon} />
          </Term>
          <Term label={t('col.validity')}>
            <CouponValidity c={coupon} />
          </Term>
          <Term label={t('col.uses')}>
            <CouponUses c={coupon} uses={coupon.uses} />
          </Term>
          <Term label={t('field.min_order')}>
            <Price cents={coupon.minOrderCents} exact />
          </Term>
          <Term label={t('field.zero_total')}>{yesNo(coupon.allowZeroTotal)}</Term>
          <Term label={t('field.created')}>{when(coupon.createdAt, true)}</Term>
        </dl>
      </section>
      <section className="mt-8" aria-labelledby="coupon-history">
        <h2 id="coupon-history" className="text-xl font-semibold">
          {t('history')} <span className="text-base font-normal text-slate-600">({t('history_count', { count: history.total })})</span>
        </h2>
        <div className="mt-2">
          <ResponsiveTable
            caption={t('history_caption')}
            testId="coupon-history-table"
            columns={[
              { key: 'who', label: t('h.who') },
              { key: 'order', label: t('h.order') },
              { key: 'when', label: t('h.when') },
              { key: 'amount', label: t('h.amount'), align: 'end' },
            ]}
            empty={{ when: history.rows.length === 0, text: t('history_empty'), testId: 'coupon-history-empty' }}
          >
            {history.rows.map((r) => (
              <Row key={r.id} data-testid="coupon-redemption" data-order={r.orderId} data-released={r.releasedAt !== null}>
                <Cell label={t('h.who')} rowHeader>
                  <span className="block">{r.name}</span>
                  <span className="block break-all text-xs text-slate-600">{r.email}</span>
                </Cell>
                <Cell label={t('h.order')}>
                  {t('order_n', { id: r.orderId })}
                  {r.releasedAt !== null ? <span className="block text-xs text-slate-600">{t('released')}</span> : null}
                </Cell>
                <Cell label={t('h.when')}>{when(r.at, true)}</Cell>
                <Cell label={t('h.amount')} align="end">
                  <Price cents={r.discountCents} exact />
                </Cell>
              </Row>
            ))}
          </ResponsiveTable>
          {history.total > historyPage.perPage ? <ListPager total={history.total} query={historyPage} testId="coupon-history-pager" /> : null}
        </div>
      </section>
      {canManage ? (
        <section className="mt-8" aria-labelledby="coupon-edit-title">
          <h2 id="coupon-edit-title" className="text-xl font-semibold">
            {t('edit')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t('form.code_fixed')}</p>
          <CouponForm mode="edit" lastResult={actionData?.result} defaultValue={values} />
        </section>
      ) : (
        <p className="mt-8 text-sm text-slate-700" data-testid="coupon-read-only">
          {t('read_only')}
        </p>
      )}
    </div>
  );
}

function Term({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt className="text-slate-600">{label}:</dt>
      <dd>{children}</dd>
    </div>
  );
}
