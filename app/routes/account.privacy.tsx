// /account/privacy (issue #24 §3): the customer's GDPR page, a composition of sections. This minimal
// page hosts the erasure section (GDPR Art. 17); the consents and their history join it as sections of
// their own, each with its intent in the one action below.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AreaTitle, type AccountActionData } from '../components/account/outcome';
import { ErasureSection } from '../components/privacy/erasure-section';
import { ERASURE_INTENT, erasureAction, loadErasureSection } from '../components/privacy/erasure-section.server';
import { readAccountAction, unknownIntent } from '../lib/account-action.server';
import { requireUser } from '../lib/auth.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const { t } = await pageT(request);
  return data({ meta: { title: t('portal:section_privacy') }, erasure: await loadErasureSection(context, session.user.id) });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, context }: ActionFunctionArgs) {
  const { session, form, intent, answer } = await readAccountAction(request, context);
  switch (intent) {
    case ERASURE_INTENT:
      return erasureAction(context, session, form, answer);
    default:
      return unknownIntent();
  }
}

export default function AccountPrivacy() {
  const { erasure } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as AccountActionData | undefined;
  const { t } = useTranslation('portal');
  return (
    <div className="space-y-6" data-testid="panel-privacy">
      <AreaTitle>{t('section_privacy')}</AreaTitle>
      <ErasureSection data={erasure} actionData={actionData} />
    </div>
  );
}
