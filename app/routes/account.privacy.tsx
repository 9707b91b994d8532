// /account/privacy (issue #24 §3): the customer's GDPR page, a composition of sections, each with its
// intent in the one action below: the personal-data archive (app/components/privacy/archive-section.tsx;
// its download is a resource route of its own, account.privacy.archive.tsx) and the erasure of the
// account (GDPR Art. 17, erasure-section.tsx).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AreaTitle, type AccountActionData } from '../components/account/outcome';
import { ARCHIVE_INTENT, ArchiveSection, readArchiveNotice } from '../components/privacy/archive-section';
import { ErasureSection } from '../components/privacy/erasure-section';
import { ERASURE_INTENT, erasureAction, loadErasureSection } from '../components/privacy/erasure-section.server';
import { readAccountAction, unknownIntent } from '../lib/account-action.server';
import { requireUser } from '../lib/auth.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const { t } = await pageT(request);
  const [archive, erasure] = await Promise.all([context.services.archives.current(session.user.id), loadErasureSection(context, session.user.id)]);
  return data({ meta: { title: t('portal:section_privacy') }, archive, notice: readArchiveNotice(request.url), erasure });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, context }: ActionFunctionArgs) {
  const { session, userId, form, intent, answer } = await readAccountAction(request, context);
  switch (intent) {
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
  const { archive, notice, erasure } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as AccountActionData | undefined;
  const { t } = useTranslation('portal');
  return (
    <div className="space-y-6" data-testid="panel-privacy">
      <AreaTitle>{t('section_privacy')}</AreaTitle>
      <ArchiveSection archive={archive} actionCode={actionData?.intent === ARCHIVE_INTENT ? actionData.code : undefined} notice={notice} />
      <ErasureSection data={erasure} actionData={actionData} />
    </div>
  );
}
