// A service's plan (issue #23 §1, decision 070): the renewal date and price, renewal through the cart,
// a move to another plan of its family (an upgrade into the cart at the prorated price, a downgrade
// scheduled for the period's end, and its undo), and cancellation at the period's end with its undo.
// Plain forms posting to this route; the cart does the paying.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { CsrfInput } from '../components/csrf-input';
import { PageIdInput } from '../components/page-id-input';
import { Price } from '../components/price';
import { readAccountAction, unknownIntent } from '../lib/account-action.server';
import { requireUser } from '../lib/auth.server';
import { codeMessage } from '../lib/codes';
import { athensFormat } from '../lib/date-format';
import { FormAlert, SubmitButton } from '../lib/forms';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { codeData } from '../lib/route-error.server';

const INTENTS = ['renew', 'change_plan', 'keep_plan', 'cancel', 'undo_cancel'] as const;
type PlanIntent = (typeof INTENTS)[number];
const DONE = ['renew', 'upgrade', 'downgrade', 'keep_plan', 'cancel', 'undo_cancel'] as const;

function serviceId(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw data(codeData({ code: ErrorCode.UNRECOGNIZED_ACTION }), { status: 404 });
  return id;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const id = serviceId(params.id);
  const { t, lang } = await pageT(request);
  const view = await context.services.hostingPlans.view(session.user.id, id, lang);
  if (!view) throw data(codeData({ code: ErrorCode.UNRECOGNIZED_ACTION }), { status: 404 });
  const s = view.service;
  return {
    meta: { title: t('servers:plan.title', { name: s.domain ?? view.productName }) },
    id,
    productName: view.productName,
    status: s.status,
    expiresAt: s.expiresAt.getTime(),
    lengthMonths: s.lengthMonths,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    renewal: view.renewal,
    scheduled: view.scheduled,
    choices: view.choices,
    manageable: view.manageable,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

type ActionData = { intent: PlanIntent; code: number };

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { session, userId, form, intent, uniqueId } = await readAccountAction(request, context);
  const id = serviceId(params.id);
  if (!(INTENTS as readonly string[]).includes(intent)) return unknownIntent();
  const plans = context.services.hostingPlans;
  const owner = context.services.cart.ownerOf(session, '');
  const { lang } = await pageT(request);
  const fail = (code: number, status: number) => data<ActionData>({ intent: intent as PlanIntent, code }, status);
  if (intent === 'renew') {
    const months = Number(form.get('months'));
    const r = await plans.renew(owner, userId, id, Number.isSafeInteger(months) ? months : 0, uniqueId);
    return r.ok ? redirect('/cart', 303) : fail(r.code, r.status);
  }
  if (intent === 'change_plan') {
    const r = await plans.changePlan(owner, userId, id, String(form.get('sku') ?? ''), uniqueId, lang);
    if (!r.ok) return fail(r.code, r.status);
    return redirect(r.direction === 'upgrade' ? '/cart' : `/account/hosting/${id}/plan?done=downgrade`, 303);
  }
  const r = intent === 'keep_plan' ? await plans.keepPlan(userId, id) : await plans.setCancel(userId, id, intent === 'cancel');
  return r.ok ? redirect(`/account/hosting/${id}/plan?done=${intent}`, 303) : fail(r.code, r.status);
}

export default function PlanPage() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const { t, i18n } = useTranslation('servers');
  const [params] = useSearchParams();
  const done = (DONE as readonly string[]).includes(params.get('done') ?? '') ? params.get('done') : null;
  const date = athensFormat(i18n.language, { dateStyle: 'long' }).format(new Date(d.expiresAt));
  const lengthLabel = (months: number) => (months >= 12 ? t('plan.years', { count: months / 12 }) : t('plan.months', { count: months }));
  return (
    <section aria-labelledby="plan-title" data-testid="plan-page">
      <h2 id="plan-title" className="text-xl font-semibold">
        {t('plan.heading')}
      </h2>
      {done ? (
        <FormAlert type="success" testId="plan-done">
          {t(`plan.done.${done}`)}
        </FormAlert>
      ) : null}
      {actionData ? (
        <FormAlert type="alert" code={actionData.code} testId="plan-alert">
          {codeMessage(t, actionData.code)}
        </FormAlert>
      ) : null}
      <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium">{t('plan.current')}</dt>
        <dd data-testid="plan-name">{d.productName}</dd>
        <dt className="font-medium">{d.cancelAtPeriodEnd ? t('plan.ends_on') : t('plan.renews_on')}</dt>
        <dd data-testid="plan-expires">{date}</dd>
      </dl>

      {d.cancelAtPeriodEnd ? (
        <FormAlert type="warning" testId="plan-cancelled">
          {t('plan.cancelled_note', { date })}
        </FormAlert>
      ) : null}

      {d.renewal && d.status !== 'terminated' ? (
        <Form method="post" className="mt-6 space-y-3 rounded border border-slate-200 p-4" data-testid="renew-form">
          <CsrfInput />
          <PageIdInput />
          <h3 className="text-lg font-semibold">{t('plan.renew_title')}</h3>
          {d.scheduled ? <p className="text-sm">{t('plan.renew_at_scheduled', { plan: d.renewal.name })}</p> : null}
          <label htmlFor="renew-months" className="block text-sm font-medium">
            {t('plan.length')}
          </label>
          <select id="renew-months" name="months" defaultValue={d.renewal.selectedMonths} className="block rounded border border-slate-300 px-3 py-2" data-testid="renew-months">
            {d.renewal.lengths.map((l) => (
              <option key={l.months} value={l.months}>
                {lengthLabel(l.months)}
              </option>
            ))}
          </select>
          <ul className="text-sm" data-testid="renew-prices">
            {d.renewal.lengths.map((l) => (
              <li key={l.months}>
                {lengthLabel(l.months)}: <Price cents={l.totalCents} />
              </li>
            ))}
          </ul>
          <SubmitButton intent="renew" testId="renew-submit">
            {t('plan.renew_button')}
          </SubmitButton>
        </Form>
      ) : null}

      {d.scheduled ? (
        <Form method="post" className="mt-6 rounded border border-slate-200 p-4" data-testid="scheduled-form">
          <CsrfInput />
          <p>{t('plan.scheduled_note', { plan: d.scheduled.name, date })}</p>
          <SubmitButton intent="keep_plan" className="btn-secondary mt-2" testId="keep-plan">
            {t('plan.keep_plan')}
          </SubmitButton>
        </Form>
      ) : null}

      {d.choices.length ? (
        <div className="mt-6" data-testid="plan-choices">
          <h3 className="text-lg font-semibold">{t('plan.change_title')}</h3>
          <p className="text-sm">{t('plan.change_note')}</p>
          <ul className="mt-3 space-y-3">
            {d.choices.map((c) => (
              <li key={c.sku} className="rounded border border-slate-200 p-3">
                <Form method="post" className="flex flex-wrap items-center justify-between gap-3">
                  <CsrfInput />
                  <PageIdInput />
                  <input type="hidden" name="sku" value={c.sku} />
                  <span>
                    <span className="font-medium">{c.name}</span> · {lengthLabel(d.lengthMonths)}: <Price cents={c.planCents} />
                    <br />
                    <span className="text-sm">
                      {c.direction === 'upgrade' ? (
                        <>
                          {t('plan.upgrade_now')} <Price cents={c.chargeCents} />
                        </>
                      ) : (
                        t('plan.downgrade_at', { date })
                      )}
                    </span>
                  </span>
                  <SubmitButton intent="change_plan" className="btn-secondary" testId={`change-${c.sku}`}>
                    {t(c.direction === 'upgrade' ? 'plan.upgrade_button' : 'plan.downgrade_button')}
                  </SubmitButton>
                </Form>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {d.manageable ? (
        <Form method="post" className="mt-6 rounded border border-slate-200 p-4" data-testid="cancel-form">
          <CsrfInput />
          <PageIdInput />
          <h3 className="text-lg font-semibold">{t('plan.cancel_title')}</h3>
          <p className="text-sm">{d.cancelAtPeriodEnd ? t('plan.undo_cancel_note', { date }) : t('plan.cancel_note', { date })}</p>
          <SubmitButton intent={d.cancelAtPeriodEnd ? 'undo_cancel' : 'cancel'} className="btn-secondary mt-2" testId={d.cancelAtPeriodEnd ? 'undo-cancel' : 'cancel-service'}>
            {t(d.cancelAtPeriodEnd ? 'plan.undo_cancel_button' : 'plan.cancel_button')}
          </SubmitButton>
        </Form>
      ) : null}
      <p className="mt-6 text-sm">
        <Link to="/cart" className="underline">
          {t('plan.to_cart')}
        </Link>
      </p>
    </section>
  );
}
