// The personal-data archive's download (issue #24 §3, decision 076): a POST with the password again,
// answered with the ZIP streamed from R2 (Content-Disposition: attachment). A wrong password (43002),
// spent attempts or no ready archive go back to the privacy page, which says which.
import { redirect, type ActionFunctionArgs } from '@remix-run/cloudflare';
import { readAccountAction } from '../lib/account-action.server';

export async function action({ request, context }: ActionFunctionArgs) {
  const { userId, form } = await readAccountAction(request, context);
  const password = form.get('password');
  const r = await context.services.archives.download(userId, typeof password === 'string' ? password : '');
  if (r.ok) return r.response;
  return redirect(`/account/privacy?archive=${r.reason}#archive`, 303);
}
