// A registry's poll message (RFC 5730 <poll>, RFC 5731 trnData/panData) read as the registry port's
// message: transfers completed or rejected for us, names taken away, deleted or expired.
import type { RegistryMessage } from '../port';
import { EppSessionError } from './session';
import { child, NS, textOf, type EppResponse } from './xml';

/** A poll answer as the port's message, or null for a notice the product does not act on. */
export function pollMessage(r: EppResponse, clientId: string, now: () => Date): RegistryMessage | null {
  const q = r.msgQ!;
  const id = Number(q.id);
  if (!Number.isSafeInteger(id)) throw new EppSessionError(`poll message id ${q.id} is not a number`);
  const createdAt = q.qDate ?? now();
  const trn = child(r.resData, NS.domain, 'trnData');
  if (trn) {
    const name = textOf(child(trn, NS.domain, 'name')).toLowerCase();
    const trStatus = textOf(child(trn, NS.domain, 'trStatus'));
    const reID = textOf(child(trn, NS.domain, 'reID'));
    const payload = { trStatus, reID, acID: textOf(child(trn, NS.domain, 'acID')), exDate: textOf(child(trn, NS.domain, 'exDate')) || null, message: q.msg };
    const approved = trStatus === 'clientApproved' || trStatus === 'serverApproved';
    if (reID === clientId && approved) return { id, name, type: 'transfer_completed', payload, createdAt };
    if (reID === clientId && /Rejected|Cancelled/.test(trStatus)) return { id, name, type: 'transfer_rejected', payload, createdAt };
    // Another registrar took one of our names: for us it is gone.
    if (reID !== clientId && approved) return { id, name, type: 'deleted', payload: { ...payload, reason: 'transferred_away' }, createdAt };
    return null;
  }
  const pan = child(r.resData, NS.domain, 'panData');
  const name = textOf(child(pan, NS.domain, 'name')).toLowerCase();
  if (!name) return null;
  if (/delet|purg/i.test(q.msg)) return { id, name, type: 'deleted', payload: { message: q.msg }, createdAt };
  if (/expir/i.test(q.msg)) return { id, name, type: 'expired', payload: { message: q.msg }, createdAt };
  return null;
}

