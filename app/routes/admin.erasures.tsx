// Erasure requests on the admin host (issue #24 §3, GDPR Art. 17): customers who asked to close their
// account, open ones first; an administrator carries one out (right customers.erase; support: 175).
// Carrying out tells the customer by e-mail, anonymises the personal data, keeps what the law keeps,
// ends the sessions and writes the audit row (worker/services/accounts/erasure.ts). Plain POSTs.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { Cell, ResponsiveTable, Row, RowActionForm, RowActions } from '../components/responsive-table';
import { requireStaff } from '../lib/auth.server';
import { codeAlertType, codeMessage } from '../lib/codes';
import { FormAlert } from '../lib/forms';
import { readProtectedForm } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { codeData } from '../lib/route-error.server';
import { athensFormat } from '../lib/date-format';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, 'customers.erase');
  const { t } = await pageT(request);
  const rows = await context.services.erasure.list();
  return {
    meta: { title: t('privacy:erasure.admin_meta_title') },
    rows: rows.map((r) => ({ ...r, requestedAt: r.requestedAt.getTime(), handledAt: r.handledAt?.getTime() ?? null })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireStaff(request, context, 'customers.erase');
  const form = await readProtectedForm(request, context);
  const id = Number(form.get('id'));
  if (form.get('intent') !== 'carry_out' || !Number.isInteger(id) || id <= 0) throw data(codeData({ code: ErrorCode.VALIDATION_ERROR }), { status: 400 });
  const result = await context.services.erasure.carryOut({ userId: session.user.id, ip: context.ip }, id);
  return data({ code: result.code, id }, { status: result.ok ? 200 : result.status });
}

export default function AdminErasures() {
  const { rows } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  const { t, i18n } = useTranslation('privacy');
  const when = (ms: number) => athensFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(ms));
  const columns = [
    { key: 'customer', label: t('erasure.col_customer') },
    { key: 'requested', label: t('erasure.col_requested') },
    { key: 'status', label: t('erasure.col_status') },
    { key: 'action', label: t('erasure.col_action') },
  ];
  return (
    <div data-testid="admin-erasures">
      <h1 className="text-3xl font-bold">{t('erasure.admin_title')}</h1>
      <p className="mt-2 max-w-3xl text-slate-700">{t('erasure.admin_intro')}</p>
      <div className="mt-6">
        {outcome ? (
          <FormAlert type={codeAlertType(outcome.code)} testId="erasure-outcome" code={outcome.code}>
            {codeMessage(t, outcome.code)}
          </FormAlert>
        ) : null}
        <ResponsiveTable caption={t('erasure.admin_title')} columns={columns} testId="erasure-table" empty={{ when: rows.length === 0, text: t('erasure.admin_empty'), testId: 'erasures-empty' }}>
          {rows.map((r) => (
            <Row key={r.id} data-testid="erasure-row" data-status={r.status} data-user={r.userId}>
              <Cell label={t('erasure.col_customer')} rowHeader>
                <Link to={`/admin/customers/${r.userId}`} className="text-blue-800 underline">
                  {r.name || r.email}
                </Link>
                <span className="block text-sm text-slate-600">{r.email}</span>
              </Cell>
              <Cell label={t('erasure.col_requested')}>{when(r.requestedAt)}</Cell>
              <Cell label={t('erasure.col_status')}>
                {t(`erasure.status_${r.status}`)}
                {r.summary ? <span className="block text-sm text-slate-600">{t('erasure.kept', { kept: r.summary.documentsKept ?? 0 })}</span> : null}
              </Cell>
              {r.status === 'pending' ? (
                <RowActions>
                  <RowActionForm id={r.id} intent="carry_out" testId={`erasure-carry-out-${r.id}`} confirm={t('erasure.carry_out')}>
                    {t('erasure.carry_out')}
                  </RowActionForm>
                </RowActions>
              ) : (
                <Cell label={t('erasure.col_action')}>{r.handledAt ? when(r.handledAt) : ''}</Cell>
              )}
            </Row>
          ))}
        </ResponsiveTable>
      </div>
    </div>
  );
}
