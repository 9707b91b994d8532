// /account/privacy (issue #24 §3): a composition of sections. The GDPR consents form and the history
// of consent changes are here; the archive and the erasure request join as sections of their own.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { consentsSchema } from '../../core/validation/consent-forms';
import { AreaTitle } from '../components/account/outcome';
import { ConsentHistory } from '../components/privacy/consent-history';
import { ConsentsForm, type ConsentsActionData } from '../components/privacy/consents-form';
import { readAccountAction, unknownIntent } from '../lib/account-action.server';
import { requireUser } from '../lib/auth.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { parseForm } from '../lib/submission.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const { t } = await pageT(request);
  const consents = await context.services.privacyConsents.view(session.user.id);
  return data({ meta: { title: t('privacy:consents.meta_title') }, consents });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, context }: ActionFunctionArgs) {
  const { session, form, intent, answer } = await readAccountAction(request, context);
  const { lang } = await pageT(request);
  switch (intent) {
    case 'consents': {
      const submission = parseForm(form, consentsSchema);
      if (submission.status !== 'success') return answer.reply(submission, { code: ErrorCode.VALIDATION_ERROR, status: 400 });
      const r = await context.services.privacyConsents.save(
        session.user.id,
        { communication: submission.value.gdpr_communication === true, newsletter: submission.value.newsletter === true },
        { ip: context.ip, origin: context.config.publicOrigin ?? new URL(request.url).origin, locale: lang },
      );
      if (!r.ok) return data<ConsentsActionData>({ intent, code: r.code, seconds: r.seconds, stamp: answer.stamp }, { status: r.status });
      return data<ConsentsActionData>({ intent, code: r.code, newsletterPending: r.newsletterPending, stamp: answer.stamp });
    }
    default:
      return unknownIntent();
  }
}

export default function AccountPrivacy() {
  const { consents } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ConsentsActionData | undefined;
  const { t } = useTranslation('privacy');
  return (
    <div className="space-y-6" data-testid="panel-privacy">
      <AreaTitle>{t('consents.title')}</AreaTitle>
      <ConsentsForm values={consents} actionData={actionData} />
      <ConsentHistory rows={consents.history} />
    </div>
  );
}
