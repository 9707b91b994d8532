// The sandbox's hosted payment page (DESIGN.md "Outside systems": payments): what a card processor's
// page would be, inside the app. The visitor approves, declines or cancels; the sandbox then "sends"
// its signed webhook (delivered to the same handler a real processor would call) and the browser goes
// back to the shop. No card data is asked for: the sandbox has buttons instead. Only the order's owner
// may open it, and only where the payments port is the sandbox (decision 021).
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { CsrfInput } from '../components/csrf-input';
import { Price } from '../components/price';
import { FormAlert, SubmitButton } from '../lib/forms';
import { readProtectedForm } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { codeData } from '../lib/route-error.server';
import { isSandboxTestCard, SANDBOX_TEST_CARDS } from '../../worker/adapters/payments/sandbox-cards';

/**
 * Issue #10 §1: the page exists only where payments ARE the sandbox (development, or a demo that
 * allowed it), and only for the logged-in owner of the order; anyone else gets 404, on GET and POST.
 */
async function ownedSession(id: string, context: AppLoadContext) {
  const notFound = () => data({ code: ErrorCode.SALE_DOCUMENT_NOT_FOUND }, { status: 404 });
  if (context.config.payments.kind !== 'sandbox') throw notFound();
  const current = await context.session();
  if (!current) throw notFound();
  const session = await context.services.sandboxPayments.forOwner(id, current.user.id);
  if (!session) throw notFound();
  return session;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { t } = await pageT(request);
  const session = await ownedSession(String(params.id), context);
  return {
    meta: { title: t('checkout:sandbox_title') },
    session: { id: session.sessionId, description: session.description, amountCents: session.amountCents, status: session.status, cancelUrl: session.cancelUrl, saveCard: session.saveCard },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, params, context }: ActionFunctionArgs) {
  await ownedSession(String(params.id), context);
  const form = await readProtectedForm(request, context);
  const decision = form.get('decision');
  if (decision !== 'approve' && decision !== 'decline' && decision !== 'cancel') throw data(codeData({ code: ErrorCode.VALIDATION_ERROR }), { status: 400 });
  let session;
  try {
    // The processor's notification is delivered to the webhook handler, as POST /api/payments/webhook would be.
    // The test card matters only when the page saves it (issue #25 §1): its magic is in the README.
    const card = form.get('card');
    session = await context.services.orders.decideSandboxPayment(String(params.id), decision, isSandboxTestCard(card) ? card : undefined);
  } catch {
    return data({ code: ErrorCode.DUE_STATUS_DOES_NOT_ALLOW_PAYMENT }, { status: 409 });
  }
  const back = decision === 'approve' ? session.returnUrl : session.cancelUrl;
  return redirect(back, 303);
}

export default function SandboxPayment() {
  const { session } = useLoaderData<typeof loader>();
  const { t } = useTranslation('checkout');
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <section className="card border-2 border-dashed border-purple-400" data-testid="sandbox-payment" data-status={session.status}>
        <p className="text-xs font-semibold uppercase tracking-wide text-purple-800">{t('sandbox_badge')}</p>
        <h1 className="mt-2 text-2xl font-bold">{t('sandbox_title')}</h1>
        <p className="mt-2">{session.description}</p>
        <p className="mt-2 text-3xl font-semibold">
          <Price cents={session.amountCents} exact />
        </p>
        {session.status !== 'open' ? (
          <div className="mt-4">
            <FormAlert type="warning">{t('sandbox_closed')}</FormAlert>
          </div>
        ) : (
          <Form method="post" className="mt-6 flex flex-wrap gap-3">
            <CsrfInput />
            <input type="hidden" name="decision" value="approve" />
            {session.saveCard ? (
              <fieldset className="w-full" data-testid="sandbox-save-card">
                <legend className="font-medium">{t('sandbox_save_card_legend')}</legend>
                <p className="mt-1 text-sm text-slate-600">{t('sandbox_save_card_hint')}</p>
                {SANDBOX_TEST_CARDS.map((card, i) => (
                  <label key={card.last4} className="mt-2 flex items-center gap-2">
                    <input type="radio" name="card" value={card.last4} defaultChecked={i === 0} data-testid={`sandbox-card-${card.last4}`} />
                    <span>
                      {t(`sandbox_card_${card.offSession}`, { last4: card.last4 })}
                    </span>
                  </label>
                ))}
              </fieldset>
            ) : null}
            <SubmitButton className="btn-primary" testId="sandbox-approve">
              {t('sandbox_approve')}
            </SubmitButton>
          </Form>
        )}
        {session.status === 'open' ? (
          <div className="mt-3 flex flex-wrap gap-3">
            <Form method="post">
              <CsrfInput />
              <input type="hidden" name="decision" value="decline" />
              <button type="submit" className="btn-secondary" data-testid="sandbox-decline">
                {t('sandbox_decline')}
              </button>
            </Form>
            <Form method="post">
              <CsrfInput />
              <input type="hidden" name="decision" value="cancel" />
              <button type="submit" className="link-button" data-testid="sandbox-cancel">
                {t('sandbox_cancel')}
              </button>
            </Form>
          </div>
        ) : null}
      </section>
    </div>
  );
}
