// A status change at the panel that may already have happened (a retry after a lost answer, a cron
// re-run): the panel refuses it with 151, and an account already in the wanted state counts as done.
import { ErrorCode } from '../../../core/errors';
import { ProvisionerError, type HostingAccount, type ProvisionerPort } from '../../adapters/provisioner/port';

export async function reachStatus(provisioner: ProvisionerPort, accountId: string, wanted: HostingAccount['status'], call: () => Promise<HostingAccount>): Promise<HostingAccount> {
  try {
    return await call();
  } catch (e) {
    if (!(e instanceof ProvisionerError) || e.code !== ErrorCode.ACTION_NOT_ALLOWED) throw e;
    const account = await provisioner.getAccount(accountId);
    if (account.status !== wanted) throw e;
    return account;
  }
}
