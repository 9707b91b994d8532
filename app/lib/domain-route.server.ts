// The domain pages' shared guard (issue #12 §2): `/account/domains/:name` and its children load the
// customer's own domain by its ASCII name; the Unicode form is accepted and redirected to the ASCII
// one (same sub-page, same query); anyone else's name, or no such name, is a 404 (30014). Returns the
// domain row itself (its `userId` is the logged-in customer's).
import { data, redirect, type AppLoadContext } from '@remix-run/cloudflare';
import type { Params } from '@remix-run/react';
import { ErrorCode } from '../../core/errors';
import { requireUser } from './auth.server';
import type { OwnDomain } from '../../worker/services/domains';
import { codeData } from './route-error.server';

export async function loadOwnDomain(request: Request, context: AppLoadContext, params: Params): Promise<OwnDomain> {
  return (await loadOwnDomainAndSession(request, context, params)).domain;
}

/** The same, with the session (its user id) for the callers that need both: one session read. */
export async function loadOwnDomainAndSession(request: Request, context: AppLoadContext, params: Params) {
  const session = await requireUser(request, context);
  const asked = params.name ?? '';
  const domain = await context.services.myDomains.own(session.user.id, asked);
  if (!domain) throw data(codeData({ code: ErrorCode.DOMAIN_DOES_NOT_EXIST }), { status: 404 });
  if (asked !== domain.asciiFqdn) {
    const url = new URL(request.url);
    const at = url.pathname.indexOf(`/account/domains/`) + '/account/domains/'.length;
    const rest = url.pathname.slice(at).replace(/^[^/]*/, '');
    // Only a GET moves: a POST to the Unicode address is served where it arrived.
    if (request.method === 'GET') throw redirect(`/account/domains/${domain.asciiFqdn}${rest}${url.search}`, 301);
  }
  return { domain, session };
}
