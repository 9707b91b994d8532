// A service's overview (issue #23 §1): its details (plan, domain, status, renewal date and price),
// the control panel's address and user name, the usage the panel reports, and the panel password
// form with the live strength meter. The panel's failures are alerts that say what the customer sees.
import { Form, Link } from '@remix-run/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../../core/errors';
import { panelPasswordAllowed, type HostingServiceStatus } from '../../../core/hosting/portal';
import { panelPasswordSchema } from '../../../core/validation/hosting-forms';
import { HOSTING_PASSWORD_MAX, hostingPasswordStrength } from '../../../core/validation/password-rules';
import type { HostingUsage, UsageMeasure } from '../../../worker/adapters/provisioner/port';
import { codeMessage } from '../../lib/codes';
import { FormAlert, InputField, SubmitButton, useAppForm, useHydrated } from '../../lib/forms';
import type { AccountActionData } from '../account/outcome';
import { CsrfInput } from '../csrf-input';
import { LengthLabel } from '../length-label';
import { PageIdInput } from '../page-id-input';
import { useDateFormat } from '../portal/domain-list';
import { Price } from '../price';
import { StrengthMeter } from '../strength-meter';
import { ServiceStatus } from './service-status';

type Service = {
  id: number;
  planName: string;
  domain: string | null;
  status: HostingServiceStatus;
  expiresAt: number;
  startedAt: number;
  syncedAt: number;
  lengthMonths: number;
  priceCents: number | null;
  cancelAtPeriodEnd: boolean;
  username: string;
  panelUrl: string;
  server: string;
  datacenter: string | null;
};

/** The panel's codes this page explains in its own words; any other has the catalogue's message. */
const EXPLAINED = [ErrorCode.NETWORK_CONNECTION_ERROR, ErrorCode.SERVER_PROVIDER_PRODUCT_NOT_FOUND, ErrorCode.SERVER_PROVIDER_HOST_NOT_RESOLVED] as number[];

export function PanelNotice({ code, testId = 'panel-notice' }: { code: number | null; testId?: string }) {
  const { t } = useTranslation('hosting');
  if (code === null) return null;
  return (
    <FormAlert type="warning" code={code} testId={testId}>
      {t(`panel_notice.${EXPLAINED.includes(code) ? code : 'other'}`)}
    </FormAlert>
  );
}

function Detail({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 border-b border-slate-100 py-2 last:border-b-0">
      <dt className="text-slate-600">{label}</dt>
      <dd className="break-all text-right font-medium" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

export function ServiceDetails({ service }: { service: Service }) {
  const { t } = useTranslation('hosting');
  const when = useDateFormat();
  return (
    <section aria-labelledby="details-title" className="card" data-testid="service-details">
      <h2 id="details-title" className="mb-2 text-lg font-semibold">
        {t('details_title')}
      </h2>
      <dl className="text-sm">
        <Detail label={t('plan')}>{service.planName}</Detail>
        <Detail label={t('domain')}>{service.domain ?? t('no_domain')}</Detail>
        <Detail label={t('status_label')}>
          <ServiceStatus status={service.status} />
        </Detail>
        <Detail label={t('renewal')} testId="service-renewal">
          {when(service.expiresAt)}
          {service.cancelAtPeriodEnd ? <span className="block text-xs font-normal text-amber-800">{t('cancel_pending')}</span> : null}
        </Detail>
        <Detail label={t('price')} testId="service-price">
          {service.priceCents === null ? (
            t('no_price')
          ) : (
            <>
              <Price cents={service.priceCents} /> / <LengthLabel months={service.lengthMonths} />
            </>
          )}
        </Detail>
        <Detail label={t('started')}>{when(service.startedAt)}</Detail>
        <Detail label={t('server')}>{service.server}</Detail>
        {service.datacenter ? <Detail label={t('datacenter')}>{service.datacenter}</Detail> : null}
      </dl>
      <p className="mt-2 text-xs text-slate-600">{t('synced_at', { date: when(service.syncedAt) })}</p>
    </section>
  );
}

export function PanelAccess({ service }: { service: Service }) {
  const { t } = useTranslation('hosting');
  return (
    <section aria-labelledby="panel-title" className="card" data-testid="service-panel">
      <h2 id="panel-title" className="mb-2 text-lg font-semibold">
        {t('panel_title')}
      </h2>
      <dl className="text-sm">
        <Detail label={t('panel_url')} testId="panel-url">
          {service.panelUrl}
        </Detail>
        <Detail label={t('username')} testId="panel-username">
          {service.username}
        </Detail>
      </dl>
      {service.status !== 'terminated' ? (
        <a href={service.panelUrl} className="btn-secondary mt-3 inline-block" target="_blank" rel="noopener noreferrer" data-testid="panel-open">
          {t('panel_open')}
        </a>
      ) : null}
    </section>
  );
}

function useMegabytes() {
  const { i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language === 'en' ? 'en-GB' : 'el-GR', { maximumFractionDigits: 1 });
  return (mb: number) => (mb >= 1_048_576 ? `${number.format(mb / 1_048_576)} TB` : mb >= 1024 ? `${number.format(mb / 1024)} GB` : `${number.format(mb)} MB`);
}

function UsageRow({ name, measure, format }: { name: string; measure: UsageMeasure; format: (n: number) => string }) {
  const { t } = useTranslation('hosting');
  const share = measure.limit ? Math.min(100, Math.round((measure.used / measure.limit) * 100)) : null;
  return (
    <div className="py-2" data-testid={`usage-${name}`} data-used={measure.used} data-limit={measure.limit ?? ''}>
      <div className="flex justify-between gap-4 text-sm">
        <span className="text-slate-600">{t(`usage.${name}`)}</span>
        <span className="font-medium">{measure.limit === null ? t('usage_unlimited', { used: format(measure.used) }) : t('usage_of', { used: format(measure.used), limit: format(measure.limit) })}</span>
      </div>
      {share !== null ? <meter min={0} max={100} low={70} high={90} optimum={0} value={share} className="mt-1 w-full" aria-label={t(`usage.${name}`)} /> : null}
    </div>
  );
}

export function ServiceUsage({ usage, notice, status }: { usage: (Omit<HostingUsage, 'measuredAt'> & { measuredAt: number }) | null; notice: number | null; status: HostingServiceStatus }) {
  const { t } = useTranslation('hosting');
  const mb = useMegabytes();
  const count = (n: number) => String(n);
  return (
    <section aria-labelledby="usage-title" className="card" data-testid="service-usage">
      <h2 id="usage-title" className="mb-2 text-lg font-semibold">
        {t('usage_title')}
      </h2>
      {usage ? (
        status === 'provisioning' ? (
          <p className="text-sm text-slate-700">{t('usage_none')}</p>
        ) : (
          <>
            <UsageRow name="disk" measure={usage.diskMb} format={mb} />
            <UsageRow name="bandwidth" measure={usage.bandwidthMb} format={mb} />
            {usage.mailboxes ? <UsageRow name="mailboxes" measure={usage.mailboxes} format={count} /> : null}
            {usage.databases ? <UsageRow name="databases" measure={usage.databases} format={count} /> : null}
          </>
        )
      ) : (
        <p className="text-sm text-slate-700" data-testid="usage-unavailable" data-code={notice ?? ''}>
          {t('usage_unavailable')}
        </p>
      )}
    </section>
  );
}

/** The action's answer to the password form: conform's reply (errors under the field), and a code. */
export function PanelPasswordForm({ service, actionData }: { service: Service; actionData?: AccountActionData }) {
  const { t } = useTranslation(['hosting', 'errors']);
  const hydrated = useHydrated();
  const mine = actionData?.intent === 'panel_password' ? actionData : undefined;
  const { fields, formProps, errorSummary } = useAppForm({ id: 'panel-password', schema: panelPasswordSchema, lastResult: mine?.result });
  const [password, setPassword] = useState('');
  const code = mine?.code;
  const allowed = panelPasswordAllowed(service.status);
  return (
    <section aria-labelledby="password-title" className="card" data-testid="panel-password-card">
      <h2 id="password-title" className="mb-2 text-lg font-semibold">
        {t('password_title')}
      </h2>
      {code === ErrorCode.SUCCESS ? (
        <FormAlert type="success" testId="panel-password-saved">
          {t('password_saved')}
        </FormAlert>
      ) : code === ErrorCode.PBAS_ACCOUNT_REQUIRED_GDPR_APPROVAL ? (
        <FormAlert type="alert" code={code} testId="panel-password-alert">
          {codeMessage(t, code)}{' '}
          <Link to="/account/privacy" className="underline" data-testid="gdpr-approve-link">
            {t('gdpr_link')}
          </Link>
        </FormAlert>
      ) : code !== undefined && code !== ErrorCode.VALIDATION_ERROR ? (
        <FormAlert type="alert" code={code} testId="panel-password-alert">
          {EXPLAINED.includes(code) ? t(`password_failed.${code}`) : codeMessage(t, code)}
        </FormAlert>
      ) : null}
      <p className="mb-3 text-sm text-slate-700">{t('password_intro')}</p>
      {allowed ? (
        <Form method="post" className="space-y-3" {...formProps} data-testid="panel-password-form">
          {errorSummary}
          <CsrfInput />
          <PageIdInput />
          {/* The panel's user name, for password managers (never sent as a field of ours). */}
          <input type="text" value={service.username} autoComplete="username" readOnly hidden />
          <div onInput={(e) => (e.target as HTMLInputElement).name === 'panel_password' && setPassword((e.target as HTMLInputElement).value)}>
            <InputField meta={fields.panel_password} label={t('password_label')} type="password" autoComplete="new-password" hint={t('password_hint')} maxLength={HOSTING_PASSWORD_MAX}>
              {hydrated ? <StrengthMeter password={password} label={t('strength')} testId="panel-strength-meter" measure={hostingPasswordStrength} /> : null}
            </InputField>
          </div>
          <SubmitButton intent="panel_password" testId="panel-password-save">
            {t('password_save')}
          </SubmitButton>
        </Form>
      ) : (
        <p className="text-sm text-slate-700" data-testid="panel-password-not-now">
          {t('password_not_now')}
        </p>
      )}
    </section>
  );
}
