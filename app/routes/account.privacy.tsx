// /account/privacy (issue #24 §3): the customer's privacy page, a composition of sections. This file
// hosts the personal-data archive's section (app/components/privacy/archive-section.tsx); the consents
// section joins it when the parts are merged. The archive's request is the intent 'archive_request';
// the download is its own resource route (account.privacy.archive.tsx).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AreaTitle, type AccountActionData } from '../components/account/outcome';
import { ARCHIVE_INTENT, ArchiveSection, readArchiveNotice } from '../components/privacy/archive-section';
import { readAccountAction, unknownIntent } from '../lib/account-action.server';
import { requireUser } from '../lib/auth.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const { t } = await pageT(request);
  return data({ meta: { title: t('archive:page_title') }, archive: await context.services.archives.current(session.user.id), notice: readArchiveNotice(request.url) });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, context }: ActionFunctionArgs) {
  const { userId, intent, answer } = await readAccountAction(request, context);
  switch (intent) {
    case ARCHIVE_INTENT: {
      const r = await context.services.archives.request(userId);
      // Built right after the answer (decision 076): a small account's archive is ready within
      // seconds; the */5 job is the backstop, and the claim makes the two never build it twice.
      if (r.created) context.cloudflare.ctx.waitUntil(context.services.archives.buildNow(r.archive.id).catch((e) => console.error('archive: build after request failed', e)));
      return answer.done(r.code);
    }
    default:
      return unknownIntent();
  }
}

export default function AccountPrivacy() {
  const { archive, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as AccountActionData | undefined;
  const { t } = useTranslation('archive');
  return (
    <div className="space-y-6" data-testid="panel-privacy">
      <AreaTitle>{t('page_title')}</AreaTitle>
      <ArchiveSection archive={archive} actionCode={actionData?.intent === ARCHIVE_INTENT ? actionData.code : undefined} notice={notice} />
    </div>
  );
}
