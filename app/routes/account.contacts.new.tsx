// A new contact profile (issue #12 §4): individual or organisation, Latin names, VAT number. After
// saving: back to the list, or to where the customer came from (the cart's picker, `return`).
import type { SubmissionResult } from '@conform-to/react';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { contactColumns, contactProfileSchema } from '../../core/validation/contact-forms';
import { ContactForm } from '../components/portal/contact-form';
import { readAccountAction, unknownIntent } from '../lib/account-action.server';
import { requireUser } from '../lib/auth.server';
import { codeMessage } from '../lib/codes';
import { FormAlert } from '../lib/forms';
import { safeRedirectTo } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { parseForm } from '../lib/submission.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const { t } = await pageT(request);
  const back = new URL(request.url).searchParams.get('return');
  return { meta: { title: t('contacts:form.new_title') }, returnTo: back ? safeRedirectTo(back, '') : '' };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, context }: ActionFunctionArgs) {
  const { session, form, intent, uniqueId } = await readAccountAction(request, context);
  if (intent !== 'create') return unknownIntent();
  const submission = parseForm(form, contactProfileSchema);
  if (submission.status !== 'success') return data({ code: ErrorCode.VALIDATION_ERROR, result: submission.reply() as SubmissionResult<string[]> }, 400);
  const r = await context.services.domainContacts.create(session.user.id, contactColumns(submission.value), uniqueId);
  if (!r.ok) return data({ code: r.code, result: submission.reply() as SubmissionResult<string[]> }, r.status);
  return redirect(safeRedirectTo(form.get('return'), '/account/contacts?done=created'), 303);
}

export default function NewContact() {
  const { returnTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation('contacts');
  return (
    <section aria-labelledby="contact-new-title" className="space-y-4">
      <h1 id="contact-new-title" className="text-2xl font-semibold">
        {t('form.new_title')}
      </h1>
      {actionData && actionData.code !== ErrorCode.VALIDATION_ERROR ? <FormAlert type="alert" code={actionData.code}>{codeMessage(t, actionData.code)}</FormAlert> : null}
      <ContactForm id="contact-new" intent="create" submitLabel={t('form.create')} lastResult={actionData?.result} hidden={returnTo ? { return: returnTo } : undefined}>
        <Link to={returnTo || '/account/contacts'} className="text-sm underline">
          {t('form.cancel')}
        </Link>
      </ContactForm>
    </section>
  );
}
