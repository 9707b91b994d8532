// An SSL certificate's names in the cart (issue #20 §2): one field per paid extra domain (SAN) and,
// for the main domain and every saved SAN, a select of the supplier's approver addresses. A plain form
// (POST to the configure page, then back to the cart); a name typed now gets its approver select on
// the page that follows, so it works the same without JavaScript. Errors sit under their fields.
import { Form, Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { SslNamesProblem, SslNamesView } from '../../../worker/services/cart';
import { codeMessage } from '../../lib/codes';
import { FormAlert, SubmitButton } from '../../lib/forms';
import { CsrfInput } from '../csrf-input';
import { PageIdInput } from '../page-id-input';

export type SslNamesAnswer = { code: number; errors: Record<string, SslNamesProblem>; values: { sans: string[]; approvers: Record<string, string> } };

export function SslNamesForm({ view, answer }: { view: SslNamesView; answer?: SslNamesAnswer }) {
  const { t } = useTranslation('cart');
  const errors = answer?.errors ?? {};
  const sanValue = (i: number) => (answer ? (answer.values.sans[i] ?? '') : (view.sans[i] ?? ''));
  const approverValue = (name: string) => (answer ? (answer.values.approvers[name] ?? '') : (view.approvers[name] ?? ''));
  return (
    <div className="mx-auto max-w-3xl px-4 py-8" data-testid="ssl-names">
      <h1 className="mb-2 text-3xl font-bold">{t('ssl.names_title', { name: view.item.name })}</h1>
      <p className="mb-6 text-slate-700">{t('ssl.names_intro')}</p>
      {answer ? (
        <FormAlert type="alert" code={answer.code} testId="configure-alert">
          {codeMessage(t, answer.code)}
        </FormAlert>
      ) : null}
      {!view.commonName ? (
        <p className="card" data-testid="ssl-names-no-domain">
          {t('ssl.names_no_domain')}{' '}
          <Link to="/cart" className="link-button">
            {t('back')}
          </Link>
        </p>
      ) : (
        <Form method="post" className="space-y-6" data-testid="ssl-names-form">
          <CsrfInput />
          <PageIdInput />
          <input type="hidden" name="intent" value="ssl_names" />
          <p>
            <span className="font-medium">{t('ssl.main_name')}:</span> <span data-testid="ssl-main-name">{view.commonName}</span>
          </p>
          <fieldset className="card">
            <legend className="px-1 text-lg font-semibold">{t('ssl.sans_legend', { count: view.allowance.max })}</legend>
            {view.allowance.max === 0 ? <p className="text-sm text-slate-700">{t('ssl.sans_none')}</p> : view.allowance.required === 0 ? <p className="text-sm text-slate-700">{t('ssl.sans_optional')}</p> : null}
            <div className="grid gap-4 sm:grid-cols-2">
              {Array.from({ length: view.allowance.max }, (_, i) => {
                const field = `san_${i + 1}`;
                const problem = errors[field];
                const needed = i < view.allowance.required;
                return (
                  <div key={field}>
                    <label htmlFor={field} className="block text-sm font-medium">
                      {t('ssl.san_label', { n: i + 1 })}
                      {needed ? <span className="text-red-700"> *</span> : null}
                    </label>
                    <input
                      id={field}
                      name={field}
                      defaultValue={sanValue(i)}
                      required={needed}
                      autoCapitalize="none"
                      spellCheck={false}
                      aria-invalid={problem ? true : undefined}
                      aria-describedby={`${field}-hint${problem ? ` ${field}-error` : ''}`}
                      className="mt-1 w-full rounded border border-slate-300 px-2 py-1"
                      data-testid={`ssl-${field}`}
                    />
                    <p id={`${field}-hint`} className="mt-1 text-xs text-slate-600">
                      {view.wildcard ? t('ssl.san_hint_wildcard') : t('ssl.san_hint')}
                    </p>
                    {problem ? (
                      <p id={`${field}-error`} role="alert" className="mt-1 text-sm text-red-700" data-testid={`ssl-error-${field}`}>
                        {t(`ssl.problems.${problem}`)}
                      </p>
                    ) : null}
                  </div>
                );
              })}
            </div>
          </fieldset>
          <fieldset className="card">
            <legend className="px-1 text-lg font-semibold">{t('ssl.approvers_legend')}</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              {view.names.map(({ name, options }, i) => {
                const field = `approver.${name}`;
                const id = `approver-${i}`;
                const problem = errors[field];
                return (
                  <div key={name}>
                    <label htmlFor={id} className="block text-sm font-medium">
                      {t('ssl.approver_label', { name })}
                      <span className="text-red-700"> *</span>
                    </label>
                    {options ? (
                      <select id={id} name={field} defaultValue={approverValue(name)} required aria-invalid={problem ? true : undefined} aria-describedby={problem ? `${id}-error` : undefined} className="mt-1 w-full rounded border border-slate-300 px-2 py-1" data-testid={`ssl-approver-${name}`}>
                        <option value="">{t('ssl.approver_choose')}</option>
                        {options.map((o) => (
                          <option key={o} value={o}>
                            {o}
                          </option>
                        ))}
                      </select>
                    ) : (
                      <p className="mt-1 text-sm text-amber-800">{t('ssl.approver_unavailable')}</p>
                    )}
                    {problem ? (
                      <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700" data-testid={`ssl-error-approver-${i}`}>
                        {t(`ssl.problems.${problem}`)}
                      </p>
                    ) : null}
                  </div>
                );
              })}
            </div>
            {view.names.length < view.allowance.max + 1 ? <p className="mt-3 text-sm text-slate-700">{t('ssl.approver_after_save')}</p> : null}
          </fieldset>
          <div className="flex items-center justify-between">
            <Link to="/cart" className="link-button">
              {t('back')}
            </Link>
            <SubmitButton className="btn-primary" testId="ssl-names-save">
              {t('ssl.save_names')}
            </SubmitButton>
          </div>
        </Form>
      )}
    </div>
  );
}
