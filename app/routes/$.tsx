// Any path no route claims: a 404 thrown from a loader, so the root loader has run and the error
// page keeps the header, navigation and footer.
import { data } from '@remix-run/cloudflare';
import { ErrorCode } from '../../core/errors';
import { codeData } from '../lib/route-error.server';

export function loader() {
  throw data(codeData({ code: ErrorCode.UNRECOGNIZED_ACTION }), { status: 404 });
}

export default function NotFound() {
  return null;
}
