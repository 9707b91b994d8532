// Domain transfer page (spec §2 "Domain search bar" transfer mode; issue #4 §5), under a Greeklish
// slug of /domains/. It takes the name from the 'domain_transfer' cookie the search bar sets (scoped to
// this path, read once and removed) or from the form, checks with the registry whether the name can
// come to us, asks for the EPP code and shows the price of the transfer (with its bundled renewal where
// the registry sells them together).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ErrorCode } from '../../core/errors';
import { TRANSFER_COOKIE, TRANSFER_PATH } from '../../core/domains/search-bar';
import { decodeProgress, KEEP_PROGRESS_COOKIE } from '../../core/keep-progress';
import { encodeMessage, issueMessage, message } from '../../core/validation/messages';
import { requiredText } from '../../core/validation/required-rules';
import { lengthRange } from '../../core/validation/text-rules';
import { deleteCookie, readCookie, wantsSecure } from '../../worker/http/cookies';
import type { TransferCheck } from '../../worker/services/domains';
import { CsrfInput } from '../components/csrf-input';
import { LengthLabel } from '../components/length-label';
import { Price, VatNote } from '../components/price';
import { codeAlertType, codeMessage } from '../lib/codes';
import { FieldErrors, FormAlert, InputField, SubmitButton, useAppForm } from '../lib/forms';
import { readProtectedForm } from '../lib/forms.server';
import { retryAfterHeaders } from '../lib/headers';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { athensFormat } from '../lib/date-format';

/** EPP auth codes: 6–64 printable ASCII characters without spaces (RFC 5731 pw is a token). */
export const eppCodeSchema = z.object({
  fqdn: requiredText(),
  auth_code: requiredText(
    lengthRange(6, 64),
    z.superRefine<string>((v, ctx) => {
      if (!/^[\x21-\x7e]*$/.test(v)) ctx.addIssue({ code: 'custom', message: encodeMessage(message('ASCII')), input: v });
    }),
  ),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { t } = await pageT(request);
  const url = new URL(request.url);
  const fromCookie = readCookie(request, TRANSFER_COOKIE);
  // keep_progress: values typed here before logging in come back once (spec §4 Login).
  const kept = decodeProgress(readCookie(request, KEEP_PROGRESS_COOKIE), 'transfer');
  const name = (url.searchParams.get('domain') ?? kept?.domain ?? fromCookie ?? '').trim();
  const check: TransferCheck | null = name ? await context.services.domains.transferCheck(name, { ip: context.ip }) : null;
  // The cookies have done their job: remove them (same path, or the browser keeps them).
  const headers = new Headers();
  if (fromCookie !== null) headers.append('Set-Cookie', deleteCookie(TRANSFER_COOKIE, { path: TRANSFER_PATH, secure: wantsSecure(request) }));
  if (kept) headers.append('Set-Cookie', deleteCookie(KEEP_PROGRESS_COOKIE, { secure: wantsSecure(request) }));
  const session = await context.session();
  // Issue #10 §4: over the check quota, HTTP 429 with Retry-After and the alert.
  if (check && !check.ok && 'retryAfter' in check) headers.set('Retry-After', String(check.retryAfter));
  return data({ meta: { title: t('domains:transfer.meta_title') }, name, check, keptAuthCode: kept?.auth_code ?? '', loggedIn: Boolean(session) }, { headers, status: headers.has('Retry-After') ? 429 : 200 });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);
export const headers = retryAfterHeaders({ noStore: true });

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readProtectedForm(request, context);
  const name = String(form.get('domain') ?? '').trim();
  if (!name) return data({ check: { ok: false, code: ErrorCode.EMPTY_SEARCH } as TransferCheck, name, fieldError: issueMessage('REQUIRED') }, 400);
  const check = await context.services.domains.transferCheck(name, { ip: context.ip });
  if (!check.ok && 'retryAfter' in check) return data({ check, name, fieldError: null }, { status: 429, headers: { 'Retry-After': String(check.retryAfter) } });
  return { check, name, fieldError: null };
}

export default function Transfer() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation('domains');
  const name = actionData?.name ?? loaderData.name;
  const check = actionData?.check ?? loaderData.check;
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="mb-2 text-2xl font-bold">{t('transfer.title')}</h1>
      <p className="mb-6 text-slate-700">{t('transfer.intro')}</p>
      <Form method="post" className="flex flex-wrap items-start gap-2" data-testid="transfer-check-form">
        <CsrfInput />
        <div className="min-w-0 flex-1">
          <label htmlFor="transfer-domain" className="sr-only">
            {t('transfer.domain')}
          </label>
          <input
            id="transfer-domain"
            name="domain"
            defaultValue={name}
            key={name}
            placeholder={t('transfer.placeholder')}
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={actionData?.fieldError ? true : undefined}
            aria-describedby={actionData?.fieldError ? 'transfer-domain-error' : undefined}
            className="w-full rounded border border-slate-300 px-3 py-2"
            data-testid="transfer-domain"
          />
          <FieldErrors id="transfer-domain-error" errors={actionData?.fieldError ? [actionData.fieldError] : undefined} />
        </div>
        <SubmitButton className="btn-secondary" testId="transfer-check">
          {t('transfer.check')}
        </SubmitButton>
      </Form>
      {check && !check.ok ? (
        <div className="mt-4">
          <FormAlert type={codeAlertType(check.code)} testId="transfer-alert" code={check.code}>
            {codeMessage(t, check.code, { seconds: 'retryAfter' in check ? check.retryAfter : 0 })}
          </FormAlert>
        </div>
      ) : null}
      {check?.ok ? <TransferOffer check={check} keptAuthCode={loaderData.keptAuthCode} loggedIn={loaderData.loggedIn} /> : null}
    </div>
  );
}

function TransferOffer({ check, keptAuthCode, loggedIn }: { check: Extract<TransferCheck, { ok: true }>; keptAuthCode: string; loggedIn: boolean }) {
  const { t, i18n } = useTranslation('domains');
  const { fields, formProps, errorSummary } = useAppForm({ id: 'transfer', schema: eppCodeSchema, defaultValue: { fqdn: check.asciiFqdn, auth_code: keptAuthCode } });
  const expires = athensFormat(i18n.language, { dateStyle: 'long' }).format(new Date(check.expiresAt));
  return (
    <section className="card mt-6" aria-labelledby="offer-title" data-testid="transfer-offer" data-fqdn={check.fqdn}>
      <h2 id="offer-title" className="text-xl font-semibold">
        {check.fqdn}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('transfer.expires', { date: expires })}</p>
      {check.locked ? (
        <p role="alert" className="mt-3 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="transfer-locked">
          {t('transfer.locked')}
        </p>
      ) : null}
      {check.redemption ? (
        <p role="alert" className="mt-3 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t('transfer.redemption')}
        </p>
      ) : null}
      <p className="mt-4 text-lg" data-testid="transfer-price">
        {t(check.action === 'transfer_renew' ? 'transfer.price_with_renewal' : 'transfer.price')}{' '}
        {check.price.onPromo ? <Price cents={check.price.baseCents} strike className="mr-1 text-sm text-slate-500" /> : null}
        <Price cents={check.price.totalCents} className="font-semibold" /> (<LengthLabel months={check.price.months} />)
      </p>
      <p className="text-xs text-slate-600">
        <VatNote />
      </p>
      {/* The cart (issue #5) receives the transfer with its EPP code; the registry checks the code then. */}
      <form method="post" action="/cart" className="mt-4 space-y-3" {...formProps}>
        {errorSummary}
        <CsrfInput />
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="type" value={check.action} />
        <input type="hidden" name="fqdn" value={check.asciiFqdn} />
        <InputField meta={fields.auth_code} label={t('transfer.auth_code')} autoComplete="off" hint={t('transfer.auth_code_hint')} />
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-primary" disabled={check.redemption} data-testid="transfer-add">
            {t('transfer.add')}
          </button>
          {!loggedIn ? (
            // keep_progress: log in first; the name and the code come back here afterwards.
            <>
              <input type="hidden" name="progress_form" value="transfer" />
              <input type="hidden" name="domain" value={check.fqdn} />
              <button
                type="submit"
                formAction={`/auth/login?redirectTo=${encodeURIComponent(`${TRANSFER_PATH}?domain=${check.fqdn}`)}`}
                formNoValidate
                name="intent"
                value="keep_progress"
                className="btn-secondary"
                data-testid="transfer-login"
              >
                {t('transfer.login_first')}
              </button>
            </>
          ) : null}
        </div>
      </form>
    </section>
  );
}
