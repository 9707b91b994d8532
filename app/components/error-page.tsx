// The error page's heading and text, shared by the storefront's root boundary and the back office's
// layout boundary (each draws it inside its own frame).
import { isRouteErrorResponse } from '@remix-run/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** The heading (and document title) of the error page. */
export function errorTitle(error: unknown, t: TFunction): string {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A refusal's data carries its code's message key (codeData in lib/route-error.server.ts): the
  // browser names it without loading the code catalogue (decision 030).
  const key = isRouteErrorResponse(error) ? (error.data as { key?: unknown } | null)?.key : undefined;
  return status === 404 ? t('errors:page_not_found_title') : typeof key === 'string' ? t(`errors:${key}`) : t('errors:http.500');
}

export function ErrorContent({ error, home = '/', className = 'mx-auto max-w-2xl px-4 py-16' }: { error: unknown; home?: string; className?: string }) {
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = errorTitle(error, t);
  const body = status === 404 ? t('errors:page_not_found_body') : status === 403 ? t('errors:forbidden_body') : t('errors:http.generic');
  // In the browser only: on the server the Worker's entry logs every 5xx once, with its cause (decision 057).
  if (!isRouteErrorResponse(error) && typeof document !== 'undefined') console.error(error);
  return (
    <div className={className} data-testid="error-page">
      <p className="text-sm font-semibold text-blue-800">{status}</p>
      <h1 className="mt-2 text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-slate-700">{body}</p>
      <p className="mt-8 flex gap-4">
        <a className="btn-primary" href={home}>
          {t('nav.home')}
        </a>
        <a className="btn-secondary" href="">
          {t('errors:http.reload')}
        </a>
      </p>
    </div>
  );
}
