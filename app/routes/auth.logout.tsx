// Logout: a POST (a link would let any page log the visitor out). Ends this browser's session; its
// other tabs reload through the session channel.
import { redirect, type ActionFunctionArgs } from '@remix-run/cloudflare';
import { readProtectedForm } from '../lib/forms.server';

export async function loader() {
  return redirect('/', 303);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readProtectedForm(request, context);
  const session = await context.session();
  const headers = new Headers();
  if (session) {
    const uniqueId = form.get('unique_id');
    headers.append('Set-Cookie', await context.services.auth.logout(request, session, typeof uniqueId === 'string' && uniqueId ? uniqueId : null));
  }
  return redirect('/', { status: 303, headers });
}
