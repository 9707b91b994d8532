// A service's overview (issue #23 §1): details, the control panel's address and user name and the
// usage the panel reports (the synced service itself comes from the layout's loader), and the panel
// password the customer sets: the §5 rule checked here and by the service before the port is asked
// (the house's common-password list by the service: it is server-side data), a weak one refused under the field with nothing sent; 43007 without the GDPR approval; the
// panel's failures as alerts, the old password unchanged.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/cloudflare';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AutoRenewPlan } from '../components/portal/auto-renew-plan';
import { ErrorCode } from '../../core/errors';
import { HOSTING_PASSWORD_MAX, HOSTING_PASSWORD_MIN, HOSTING_PASSWORD_SPECIALS } from '../../core/validation/password-rules';
import { panelPasswordSchema } from '../../core/validation/hosting-forms';
import type { AccountActionData } from '../components/account/outcome';
import { useServiceData } from '../components/hosting/service-data';
import { PanelAccess, PanelNotice, PanelPasswordForm, ServiceDetails, ServiceUsage } from '../components/hosting/service-overview';
import { readAccountAction, unknownIntent } from '../lib/account-action.server';
import { requireUser } from '../lib/auth.server';
import { notFound, serviceIdOf } from '../lib/hosting-route.server';
import { fieldMessage, parseForm } from '../lib/submission.server';

/** The password is never echoed back into the page. */
const HIDDEN = ['panel_password'];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const [r, renewal] = await Promise.all([
    context.services.myServices.usage(session.user.id, serviceIdOf(params)),
    // What the renewal will do: date, amount, paid how (issue #25 §1).
    context.services.autoRenew.planForService(session.user.id, serviceIdOf(params)),
  ]);
  if (!r) throw notFound();
  return data({ usage: r.usage ? { ...r.usage, measuredAt: r.usage.measuredAt.getTime() } : null, usageNotice: r.notice, renewal });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { userId, form, intent, answer } = await readAccountAction(request, context);
  const id = serviceIdOf(params);
  if (intent !== 'panel_password') return unknownIntent();
  const submission = parseForm(form, panelPasswordSchema);
  // Refused before the service: the ownership check would answer the same 404 either way, so a
  // stranger learns nothing; a weak password never leaves this action.
  if (submission.status !== 'success') {
    if (!(await context.services.myServices.own(userId, id))) throw notFound();
    return data<AccountActionData>({ intent, code: ErrorCode.VALIDATION_ERROR, result: submission.reply({ hideFields: HIDDEN }), stamp: answer.stamp }, { status: 400 });
  }
  const r = await context.services.myServices.setPanelPassword(userId, id, submission.value.panel_password);
  if (!r) throw notFound();
  if (r.ok) return answer.reply(submission, { code: ErrorCode.SUCCESS, reset: true, hideSecrets: true });
  const fieldErrors = r.field
    ? { panel_password: r.reason === 'too_common' ? fieldMessage('PASSWORD_COMMON') : fieldMessage('PASSWORD', { min: HOSTING_PASSWORD_MIN, max: HOSTING_PASSWORD_MAX, specials: HOSTING_PASSWORD_SPECIALS }) }
    : undefined;
  return data<AccountActionData>({ intent, code: r.code, result: submission.reply({ fieldErrors, hideFields: HIDDEN }), stamp: answer.stamp }, { status: r.status });
}

export default function ServiceOverview() {
  const { service, notice } = useServiceData();
  const { usage, usageNotice, renewal } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation('mydomains');
  return (
    <div className="space-y-4">
      <PanelNotice code={notice} />
      {renewal ? (
        <section className="card" aria-label={t('autorenew_plan.label')} data-testid="service-renewal">
          <h2 className="mb-2 text-lg font-semibold">{t('autorenew_plan.label')}</h2>
          <AutoRenewPlan plan={renewal} kind="hosting" />
        </section>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        <ServiceDetails service={service} />
        <PanelAccess service={service} />
        <ServiceUsage usage={usage} notice={usageNotice} status={service.status} />
        <PanelPasswordForm service={service} actionData={actionData} />
      </div>
    </div>
  );
}
