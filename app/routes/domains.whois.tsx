// WHOIS lookup page (spec §2 WHOIS modal, §5 WHOIS search; issue #4 §5). The modal loads this
// route's data; without JavaScript the same lookup is this page. Errors 27000–27004 as alerts.
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { domainToUnicode } from '../../core/domains/punycode';
import { whoisQueryError } from '../../core/validation/domain-name-rules';
import { WhoisRecordView } from '../components/domains/whois-record';
import { codeMessage } from '../lib/codes';
import { FieldErrors, FormAlert } from '../lib/forms';
import { retryAfterHeaders } from '../lib/headers';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { encodeMessage } from '../../core/validation/messages';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { t } = await pageT(request);
  const domain = (new URL(request.url).searchParams.get('domain') ?? '').trim();
  const title = domain ? t('domains:whois.modal_title', { domain: domainToUnicode(domain.toLowerCase()) }) : t('domains:whois.title');
  if (!domain) return { meta: { title }, domain, fieldError: null, result: null };
  const invalid = whoisQueryError(domain);
  if (invalid) return { meta: { title }, domain, fieldError: encodeMessage(invalid), result: null };
  const result = await context.services.domains.whois(domain, { ip: context.ip });
  // Issue #10 §4: over the WHOIS quota, HTTP 429 with Retry-After and the alert (the modal shows it too).
  if (!result.ok && 'retryAfter' in result) {
    return data({ meta: { title }, domain, fieldError: null, result: { ok: false as const, code: result.code, seconds: result.retryAfter } }, { status: 429, headers: { 'Retry-After': String(result.retryAfter) } });
  }
  return { meta: { title }, domain, fieldError: null, result };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export const headers = retryAfterHeaders({ from: 'loader' });

export default function Whois() {
  const { domain, result, fieldError } = useLoaderData<typeof loader>();
  const { t } = useTranslation('domains');
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="mb-4 text-2xl font-bold">{result?.ok ? t('whois.modal_title', { domain: domainToUnicode(result.record.domain) }) : t('whois.title')}</h1>
      <Form method="get" className="mb-6 flex flex-wrap items-start gap-2" role="search">
        <div className="min-w-0 flex-1">
          <label htmlFor="whois-domain" className="sr-only">
            {t('whois.domain')}
          </label>
          <input
            id="whois-domain"
            name="domain"
            defaultValue={domain}
            placeholder={t('whois.placeholder')}
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? 'whois-domain-error' : undefined}
            className="w-full rounded border border-slate-300 px-3 py-2"
          />
          <FieldErrors id="whois-domain-error" errors={fieldError ? [fieldError] : undefined} />
        </div>
        <button type="submit" className="btn-primary">
          {t('whois.lookup')}
        </button>
      </Form>
      {result && !result.ok ? (
        <FormAlert type="alert" testId="whois-alert" code={result.code}>
          {codeMessage(t, result.code, { seconds: 'seconds' in result ? result.seconds : 0 })}
        </FormAlert>
      ) : null}
      {result?.ok ? (
        <section className="card">
          <WhoisRecordView record={result.record} headingLevel={2} />
        </section>
      ) : null}
    </div>
  );
}
