// The domain overview's panels: facts (status, dates, registry), auto-renew, transfer lock, auth code,
// renewal and ID protect. Each control is a small POST form (intent + value), so it works without
// JavaScript; the outcome of the last one shows above the panels.
import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { codeAlertType, codeMessage } from '../../lib/codes';
import { FormAlert, SubmitButton } from '../../lib/forms';
import { CsrfInput } from '../csrf-input';
import { PageIdInput } from '../page-id-input';
import { useDateFormat } from './domain-list';
import { DomainRenewalFact } from './domain-renewal-fact';
import { LockMeaning } from './lock-meaning';

export type OverviewAction = {
  intent: 'auto_renew' | 'lock' | 'id_protect' | 'auth_code' | 'buy_id_protect';
  ok: boolean;
  code: number;
  reason?: string;
  authCode?: string;
};

type Props = {
  domain: {
    fqdn: string;
    status: string;
    registry: string;
    createdAt: number;
    expiresAt: number;
    daysLeft: number;
    autoRenew: boolean;
    locked: boolean;
    idProtect: boolean;
    idProtectUntil: number | null;
  };
  policy: { idProtect: 'paid_addon' | 'not_applicable'; authCode: 'send_to_registrant' | 'show'; renewal: 'renew' | 'rgp_restore' };
  allowed: { autoRenew: boolean; lock: boolean; authCode: boolean; renew: boolean; idProtectToggle: boolean; buyIdProtect: boolean };
  outcome?: OverviewAction;
  /** What the next renewal costs (core/renewal-price.ts), null where the TLD has no renewal price. */
  renewal?: { months: number; totalCents: number } | null;
  /** What auto-renew will do (auto-renew-plan.tsx), shown in its card. */
  renewalPlan?: ReactNode;
};

function Panel({ title, help, state, children, testId }: { title: string; help?: ReactNode; state?: ReactNode; children?: ReactNode; testId: string }) {
  return (
    <section className="card" aria-label={title} data-testid={testId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-semibold">{title}</h2>
          {help ? <p className="mt-1 text-sm text-slate-600">{help}</p> : null}
        </div>
        {state ? <div className="text-sm font-medium">{state}</div> : null}
      </div>
      {children ? <div className="mt-3">{children}</div> : null}
    </section>
  );
}

/** One POST with an intent and an optional on/off value. */
function ActionForm({ intent, value, children, className = 'btn-secondary', disabled, testId, action }: { intent: string; value?: 'on' | 'off'; children: ReactNode; className?: string; disabled?: boolean; testId: string; action?: string }) {
  return (
    <Form method="post" action={action} className="inline">
      <CsrfInput />
      <PageIdInput />
      {value ? <input type="hidden" name="value" value={value} /> : null}
      <SubmitButton intent={intent} className={className} disabled={disabled} testId={testId}>
        {children}
      </SubmitButton>
    </Form>
  );
}

export function DomainSettings({ domain: d, policy, allowed, outcome, renewal, renewalPlan }: Props) {
  const { t } = useTranslation(['mydomains', 'errors']);
  const when = useDateFormat();
  const saved = outcome?.ok && outcome.intent !== 'auth_code' ? t(`saved.${outcome.intent}`) : null;
  return (
    <div className="grid gap-4">
      {outcome ? (
        <FormAlert type={outcome.ok ? 'success' : codeAlertType(outcome.code)} code={outcome.code} testId="domain-outcome">
          {saved ?? codeMessage(t, outcome.code)}
          {outcome.reason ? ` (${t(`reason.${outcome.reason}`)})` : ''}
        </FormAlert>
      ) : null}

      <section className="card" aria-label={t('fact.status')}>
        <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2 lg:grid-cols-3" data-testid="domain-facts">
          <Fact label={t('fact.status')}>{t(`status.${d.status}`)}</Fact>
          <Fact label={t('fact.created')}>{when(d.createdAt)}</Fact>
          <Fact label={t('fact.expires')}>{when(d.expiresAt)}</Fact>
          <Fact label={t('fact.days_left')} testId="days-left">
            {d.daysLeft >= 0 ? t('days_left', { count: d.daysLeft }) : t('days_ago', { count: -d.daysLeft })}
          </Fact>
          <Fact label={t('fact.registry')}>{t(`registry.${d.registry}`)}</Fact>
          <DomainRenewalFact renewal={renewal} />
        </dl>
      </section>

      <Panel title={t('auto_renew_title')} help={t('auto_renew_help')} state={<span data-testid="auto-renew-state">{d.autoRenew ? t('auto_renew_state_on') : t('auto_renew_state_off')}</span>} testId="panel-auto-renew">
        {renewalPlan}
        <ActionForm intent="auto_renew" value={d.autoRenew ? 'off' : 'on'} disabled={!allowed.autoRenew} testId="toggle-auto-renew">
          {d.autoRenew ? t('turn_off') : t('turn_on')}
        </ActionForm>
      </Panel>

      <Panel title={t('lock_title')} help={t('lock_help')} state={<span data-testid="lock-state" data-locked={d.locked}>{d.locked ? t('locked') : t('unlocked')}</span>} testId="panel-lock">
        <LockMeaning registry={d.registry} locked={d.locked} />
        <ActionForm intent="lock" value={d.locked ? 'off' : 'on'} disabled={!allowed.lock} testId="toggle-lock">
          {d.locked ? t('lock_off') : t('lock_on')}
        </ActionForm>
      </Panel>

      <Panel title={t('auth_title')} help={policy.authCode === 'send_to_registrant' ? t('auth_help_send') : t('auth_help_show')} testId="panel-auth-code">
        {policy.authCode === 'show' && d.locked ? <p className="mb-2 text-sm text-amber-900">{t('auth_unlock_first')}</p> : null}
        <ActionForm intent="auth_code" disabled={!allowed.authCode} testId="auth-code">
          {policy.authCode === 'send_to_registrant' ? t('auth_send') : t('auth_show')}
        </ActionForm>
        {outcome?.intent === 'auth_code' && outcome.authCode ? (
          <p className="mt-3 text-sm">
            {t('auth_code_is')}{' '}
            <code className="select-all rounded bg-slate-100 px-2 py-1 font-mono text-base" data-testid="auth-code-value">
              {outcome.authCode}
            </code>
          </p>
        ) : null}
      </Panel>

      {allowed.renew ? (
        <Panel title={t('renew_title')} help={policy.renewal === 'rgp_restore' ? t('restore_help') : t('renew_help')} testId="panel-renew">
          {/* The existing cart flow: a renewal, or out of redemption a restore with its fee. */}
          <Form method="post" action="/cart" className="inline">
            <CsrfInput />
            <PageIdInput />
            <input type="hidden" name="intent" value="add" />
            <input type="hidden" name="type" value={policy.renewal} />
            <input type="hidden" name="fqdn" value={d.fqdn} />
            <input type="hidden" name="redirectTo" value="/cart" />
            <button type="submit" className="btn-primary" data-testid="renew-domain">
              {policy.renewal === 'rgp_restore' ? t('restore') : t('renew')}
            </button>
          </Form>
        </Panel>
      ) : null}

      <IdProtectPanel d={d} policy={policy.idProtect} allowed={allowed} />
    </div>
  );
}

function IdProtectPanel({ d, policy, allowed }: { d: Props['domain']; policy: Props['policy']['idProtect']; allowed: Props['allowed'] }) {
  const { t } = useTranslation('mydomains');
  const when = useDateFormat();
  if (policy === 'not_applicable') {
    return (
      <Panel title={t('id_protect_title')} help={t('id_protect_na_reason')} state={<span data-testid="id-protect-state" data-state="not_applicable">{t('id_protect_na')}</span>} testId="panel-id-protect" />
    );
  }
  const paid = d.idProtectUntil !== null;
  return (
    <Panel
      title={t('id_protect_title')}
      help={paid ? t('id_protect_paid_until', { date: when(d.idProtectUntil!) }) : t('id_protect_help')}
      state={
        <span data-testid="id-protect-state" data-state={d.idProtect ? 'on' : 'off'}>
          {d.idProtect ? t('id_protect_state_on') : t('id_protect_state_off')}
        </span>
      }
      testId="panel-id-protect"
    >
      {paid ? (
        <ActionForm intent="id_protect" value={d.idProtect ? 'off' : 'on'} disabled={!allowed.idProtectToggle} testId="toggle-id-protect">
          {d.idProtect ? t('turn_off') : t('turn_on')}
        </ActionForm>
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-600">{t('id_protect_buy_help')}</p>
          <ActionForm intent="buy_id_protect" className="btn-primary" disabled={!allowed.buyIdProtect} testId="buy-id-protect">
            {t('id_protect_buy')}
          </ActionForm>
        </>
      )}
    </Panel>
  );
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
