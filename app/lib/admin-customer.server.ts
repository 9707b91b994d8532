// The customer id of an /admin/customers/:id address: anything but a positive integer is no customer.
import { data } from '@remix-run/cloudflare';
import { ErrorCode } from '../../core/errors';
import { codeData } from './route-error.server';

export function customerId(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw data(codeData({ code: ErrorCode.USER_STATUS_NOT_FOUND }), { status: 404 });
  return id;
}
