// Edit a contact profile (issue #12 §4), or complete one flagged 'incomplete data' (?complete=1, spec
// §5 required_contact). Another customer's or a missing id is 7503. Saving updates the registries of
// the names it is registrant of; a registry failure changes nothing and names the domains (32103); a
// new holder at .gr or a gTLD is a chargeable trade (32100, with the ownership page).
import type { SubmissionResult } from '@conform-to/react';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../core/errors';
import { contactColumns, contactProfileSchema } from '../../core/validation/contact-forms';
import { IncompleteFlag, ReadinessBadges } from '../components/portal/contact-badges';
import { ContactForm } from '../components/portal/contact-form';
import { CsrfInput } from '../components/csrf-input';
import { PageIdInput } from '../components/page-id-input';
import { readAccountAction, unknownIntent } from '../lib/account-action.server';
import { requireUser } from '../lib/auth.server';
import { codeAlertType, codeMessage } from '../lib/codes';
import { FormAlert } from '../lib/forms';
import { safeRedirectTo } from '../lib/forms.server';
import { pageT } from '../lib/i18n.server';
import { pageMeta } from '../lib/meta';
import { codeData } from '../lib/route-error.server';
import { parseForm } from '../lib/submission.server';

type ActionData = { code: number; names?: string[]; link?: string; result?: SubmissionResult<string[]> };

function contactId(params: { id?: string }): number {
  return /^\d{1,12}$/.test(params.id ?? '') ? Number(params.id) : 0;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const { t } = await pageT(request);
  const c = await context.services.domainContacts.get(session.user.id, contactId(params));
  if (!c) throw data(codeData({ code: ErrorCode.CONTACT_PROFILE_NOT_FOUND }), { status: 404 });
  const url = new URL(request.url);
  const back = url.searchParams.get('return');
  const held = await context.services.domainContacts.list(session.user.id).then((all) => all.find((x) => x.id === c.id)?.domains ?? []);
  const r = c.row;
  return {
    meta: { title: t('contacts:form.edit_title') },
    contact: { id: c.id, name: c.name, incomplete: c.incomplete, ready: c.ready, reasons: c.reasons, domains: held },
    values: {
      kind: r.kind,
      first_name: r.firstName,
      last_name: r.lastName,
      first_name_int_ind: r.firstNameInt ?? '',
      last_name_int_ind: r.lastNameInt ?? '',
      organisation: r.organisation ?? '',
      vat_number: r.vatNumber ?? '',
      email: r.email,
      phone: r.phone,
      address: r.address,
      city: r.city,
      postcode: r.postcode,
      country: r.countryIso2,
    },
    completing: url.searchParams.get('complete') === '1' || c.incomplete,
    returnTo: back ? safeRedirectTo(back, '') : '',
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data);

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { session, form, intent, uniqueId } = await readAccountAction(request, context);
  const id = contactId(params);
  const service = context.services.domainContacts;
  switch (intent) {
    case 'save': {
      const submission = parseForm(form, contactProfileSchema);
      if (submission.status !== 'success') return data<ActionData>({ code: ErrorCode.VALIDATION_ERROR, result: submission.reply() }, 400);
      const r = await service.update(session.user.id, id, contactColumns(submission.value), uniqueId);
      // A refusal keeps what was typed: the form shows the posted values with the alert.
      if (!r.ok) {
        if (r.code === ErrorCode.CONTACT_PROFILE_NOT_FOUND) throw data(codeData({ code: r.code }), { status: 404 });
        return data<ActionData>({ code: r.code, names: r.names, link: r.link, result: submission.reply() }, { status: r.status });
      }
      return redirect(safeRedirectTo(form.get('return'), `/account/contacts?done=${r.code}`), 303);
    }
    case 'delete': {
      const r = await service.remove(session.user.id, id, uniqueId);
      if (r.ok) return redirect('/account/contacts?done=deleted', 303);
      if (r.code === ErrorCode.CONTACT_PROFILE_NOT_FOUND) throw data(codeData({ code: r.code }), { status: 404 });
      return data<ActionData>({ code: r.code, names: r.names }, { status: r.status });
    }
    default:
      return unknownIntent();
  }
}

export default function EditContact() {
  const { contact, values, completing, returnTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation('contacts');
  const hidden: Record<string, string> = {};
  if (returnTo) hidden.return = returnTo;
  return (
    <section aria-labelledby="contact-edit-title" className="space-y-4">
      <p>
        <Link to="/account/contacts" className="text-sm underline">
          {t('form.back')}
        </Link>
      </p>
      <h1 id="contact-edit-title" className="flex flex-wrap items-center gap-2 text-2xl font-semibold">
        {completing ? t('form.complete_title') : t('form.edit_title')}: {contact.name}
        {contact.incomplete ? <IncompleteFlag /> : null}
      </h1>
      <div data-testid="contact-readiness">
        <ReadinessBadges ready={contact.ready} reasons={contact.reasons} />
      </div>
      {contact.incomplete ? (
        <FormAlert type="warning" testId="complete-intro">
          {t('form.complete_intro')}
        </FormAlert>
      ) : null}
      {contact.domains.length ? <p className="text-sm text-slate-700">{t('serves', { names: contact.domains.join(', ') })}</p> : null}
      {actionData && actionData.code !== ErrorCode.VALIDATION_ERROR ? (
        <FormAlert type={codeAlertType(actionData.code)} code={actionData.code} testId="contact-alert">
          {codeMessage(t, actionData.code)}
          {actionData.code === ErrorCode.DOMAIN_CONTACT_UPDATE_FAILED && actionData.names?.length ? ` ${t('form.not_updated', { names: actionData.names.join(', ') })}` : null}
          {actionData.code === ErrorCode.CONTACT_ROLE_DELETION_NOT_ALLOWED && actionData.names?.length ? ` ${t('in_use', { names: actionData.names.join(', ') })}` : null}
          {actionData.code === ErrorCode.CONTACT_UPDATE_CHARGEABLE && actionData.names?.length ? (
            <>
              {` ${t('form.trade_needed', { names: actionData.names.join(', ') })} `}
              {actionData.link ? (
                <Link to={actionData.link} className="font-medium underline" data-testid="trade-link">
                  {t('form.trade_link')}
                </Link>
              ) : null}
            </>
          ) : null}
        </FormAlert>
      ) : null}
      <ContactForm id={`contact-${contact.id}`} intent="save" submitLabel={t('form.save')} defaultValue={values} lastResult={actionData?.result} hidden={hidden}>
        <Link to={returnTo || '/account/contacts'} className="text-sm underline">
          {t('form.cancel')}
        </Link>
      </ContactForm>
      {contact.domains.length === 0 ? (
        <Form method="post">
          <CsrfInput />
          <PageIdInput />
          <button type="submit" name="intent" value="delete" className="btn-secondary text-sm" data-testid="contact-delete">
            {t('delete')}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
