// /account/privacy (issue #24 §3): the customer's GDPR page, a composition of sections, each with its
// intent in the one action below: the consents form and the history of consent changes
// (app/components/privacy/consents-form.tsx, consent-history.tsx), the personal-data archive
// (archive-section.tsx; its download is a resource route of its own, account.privacy.archive.tsx) and
// the erasure of the account (GDPR Art. 17, erasure-section.tsx).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { consentsSchema } from '../../core/validation/consent-forms';
import { AreaTitle, type AccountActionData } from '../components/account/outcome';
import { ARCHIVE_INTENT, ArchiveSection, readArchiveNotice } from '../components/privacy/archive-section';
import { ConsentHistory } from '../components/privacy/consent-history';
import { ConsentsForm, type ConsentsActionData } from '../components/privacy/consents-form';
import { ErasureSection } from '../components/privacy/erasure-section';
import { ERASURE_INTENT, erasureAction, loadErasureSection } from '../components/privacy/erasure-section.server';
import { readAccountAction, unknownIntent } from '../lib/account-action.server';
import { requireUser } from '../lib/auth.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { parseForm } from '../lib/submission.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const { t } = await pageT(request);
  const [consents, archive, erasure] = await Promise.all([
    context.services.privacyConsents.view(session.user.id),
    context.services.archives.current(session.user.id),
    loadErasureSection(context, session.user.id),
  ]);
  return data({ meta: { title: t('privacy:consents.meta_title') }, consents, archive, notice: readArchiveNotice(request.url), erasure });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, context }: ActionFunctionArgs) {
  const { session, userId, form, intent, answer } = await readAccountAction(request, context);
  switch (intent) {
    case 'consents': {
      const { lang } = await pageT(request);
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
    case ARCHIVE_INTENT: {
      const r = await context.services.archives.request(userId);
      // Built right after the answer (decision 076): a small account's archive is ready within
      // seconds; the */5 job is the backstop, and the claim makes the two never build it twice.
      if (r.created) context.cloudflare.ctx.waitUntil(context.services.archives.buildNow(r.archive.id).catch((e) => console.error('archive: build after request failed', e)));
      return answer.done(r.code);
    }
    case ERASURE_INTENT:
      return erasureAction(context, session, form, answer);
    default:
      return unknownIntent();
  }
}

export default function AccountPrivacy() {
  const { consents, archive, notice, erasure } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as (AccountActionData & ConsentsActionData) | undefined;
  const { t } = useTranslation('privacy');
  return (
    <div className="space-y-6" data-testid="panel-privacy">
      <AreaTitle>{t('consents.title')}</AreaTitle>
      <ConsentsForm values={consents} actionData={actionData?.intent === 'consents' ? actionData : undefined} />
      <ConsentHistory rows={consents.history} />
      <ArchiveSection archive={archive} actionCode={actionData?.intent === ARCHIVE_INTENT ? actionData.code : undefined} notice={notice} />
      <ErasureSection data={erasure} actionData={actionData} />
    </div>
  );
}
