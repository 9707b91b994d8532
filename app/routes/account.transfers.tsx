// /account/transfers (issue #12 §5): offers of domains waiting for this account (accept / decline),
// the record of internal transfers sent and received, and transfers in from other registrars with
// their state from the registry's poll ('under process', 'successfully transferred', rejected).
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Link, useActionData, useLoaderData, useRevalidator, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { resolveCode } from '../../core/errors';
import { handoverIdSchema } from '../../core/validation/transfer-forms';
import { ExternalTransfers, HandoverHistory, IncomingOffers } from '../components/portal/transfer-tables';
import { RefusalAlert } from '../components/portal/transfer-status';
import { requireUser } from '../lib/auth.server';
import { FormAlert } from '../lib/forms';
import { readProtectedForm } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';
import { useLiveChannel } from '../lib/live';
import { pageMeta } from '../lib/meta';
import { parseForm } from '../lib/submission.server';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const { t } = await pageT(request);
  const handovers = context.services.handovers;
  const [incoming, history, external, emailProven] = await Promise.all([
    handovers.incoming(session.user.id),
    handovers.history(session.user.id),
    handovers.externalTransfers(session.user.id),
    handovers.emailProven(session.user.id),
  ]);
  const view = (h: (typeof history)[number]) => ({ ...h, createdAt: h.createdAt.toISOString(), expiresAt: h.expiresAt.toISOString(), decidedAt: iso(h.decidedAt) });
  return {
    meta: { title: t('transfers:title') },
    incoming: incoming.map(view),
    history: history.map(view),
    external: external.map((e) => ({ ...e, at: iso(e.at) })),
    emailProven,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

type ActionData = { intent: string; code: number; reason?: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireUser(request, context);
  const form = await readProtectedForm(request, context);
  const intent = String(form.get('intent') ?? '');
  const uniqueId = (form.get('unique_id') as string | null) || null;
  const submission = parseForm(form, handoverIdSchema);
  if (submission.status !== 'success') return data<ActionData>({ intent, code: 151, reason: 'offer_missing' }, 400);
  const id = submission.value.id;
  const handovers = context.services.handovers;
  switch (intent) {
    case 'accept': {
      const r = await handovers.accept(session.user.id, id, uniqueId);
      if (r.ok) return redirect(`/account/transfers?done=accepted&fqdn=${encodeURIComponent(r.fqdn)}`, 303);
      return data<ActionData>({ intent, code: r.code, reason: r.reason }, resolveCode(r.code).httpStatus);
    }
    case 'decline': {
      const r = await handovers.decline(session.user.id, id);
      if (r.ok) return redirect('/account/transfers?done=declined', 303);
      return data<ActionData>({ intent, code: r.code, reason: r.reason }, resolveCode(r.code).httpStatus);
    }
    case 'cancel': {
      const r = await handovers.cancel(session.user.id, id, uniqueId);
      if (r.ok) return redirect('/account/transfers?done=cancelled', 303);
      return data<ActionData>({ intent, code: r.code, reason: r.reason }, resolveCode(r.code).httpStatus);
    }
    default:
      return data<ActionData>({ intent, code: 150 }, 404);
  }
}

export default function Transfers() {
  const { t } = useTranslation('transfers');
  const { incoming, history, external, emailProven } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const done = params.get('done');
  const revalidator = useRevalidator();
  // Another tab (or the holder) changed something: an offer arrived, a name moved.
  useLiveChannel('domain', (m) => {
    if (m.event === 'DomainTransferWasOffered' || m.event === 'DomainWasTransferredIn' || m.event === 'DomainWasTransferredOut' || m.event === 'DomainWasUpdated') revalidator.revalidate();
  });
  return (
    <div data-testid="transfers-page">
      <h1 className="mb-2 text-2xl font-bold">{t('title')}</h1>
      <p className="mb-4 text-sm text-slate-700">{t('intro')}</p>
      {actionData && 'code' in actionData ? <RefusalAlert code={actionData.code} reason={actionData.reason} /> : null}
      {done === 'accepted' || done === 'declined' || done === 'cancelled' ? (
        <FormAlert type="success" testId="transfer-done">
          {t(`done.${done}`, { fqdn: params.get('fqdn') ?? '' })}
        </FormAlert>
      ) : null}
      {emailProven ? null : (
        <FormAlert type="info" testId="offers-need-verified-email">
          {t('needs_verified_email')}{' '}
          <Link to="/account" className="underline">
            {t('needs_verified_email_link')}
          </Link>
        </FormAlert>
      )}
      <IncomingOffers offers={incoming} />
      <HandoverHistory rows={history} />
      <ExternalTransfers rows={external} />
    </div>
  );
}
