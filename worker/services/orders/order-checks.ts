// Checks an order makes, just before it is priced, of the lines that name a name the customer holds
// (or must hold): the account may have changed since the lines were added to the cart.
import { and, eq, inArray } from 'drizzle-orm';
import { heldNameAllows } from '../../../core/cart/updates';
import { splitDomain } from '../../../core/domains/names';
import { actionRefusal } from '../../../core/domains/portal';
import { ErrorCode } from '../../../core/errors';
import { registryKeyFor } from '../../../core/domains/keys';
import type { Db } from '../../../db/client';
import { readInChunks } from '../../../db/in-chunks';
import { domains } from '../../../db/schema';
import { RegistryError, type RegistryFamily, type RegistryPort } from '../../adapters/registry/port';
import type { CartView } from '../cart';
import { elRefusals } from '../catalog';

type Line = CartView['lines'][number];
export type HeldNameRefusal = { code: number; detail: { names: string[] } };

export async function heldNameRefusal(db: Db, userId: number, lines: Line[], now: Date, tldList: string[]): Promise<HeldNameRefusal | null> {
  // A held name may have changed state since it was added (entered redemption): its action must
  // still fit, or a renewal would restore it without the RGP fee (issue #10 §2).
  const heldLines = lines.filter((l) => l.kind === 'domain' && (l.action === 'renew' || l.action === 'trade' || l.action === 'rgp_restore') && l.asciiName);
  if (heldLines.length) {
    const rows = await readInChunks(heldLines.map((l) => l.asciiName!), (part) => db.select({ asciiFqdn: domains.asciiFqdn, status: domains.status }).from(domains).where(and(eq(domains.userId, userId), inArray(domains.asciiFqdn, part))));
    const status = new Map(rows.map((r) => [r.asciiFqdn, r.status]));
    const misfits = heldLines.filter((l) => !status.has(l.asciiName!) || !heldNameAllows(l.action as 'renew' | 'trade' | 'rgp_restore', status.get(l.asciiName!)!));
    if (misfits.length) return { code: ErrorCode.ACTION_NOT_ALLOWED, detail: { names: misfits.map((l) => l.name) } };
  }
  // A stand-alone ID protect line (bought from the portal) must name a held name whose registry
  // sells it, not yet paid for: a hand-made line for any other name is refused before payment.
  const idpLines = lines.filter((l) => l.sku === 'id_protect' && !l.parentId);
  if (idpLines.length) {
    const names = idpLines.map((l) => String(l.config.domain ?? ''));
    const rows = await readInChunks(names, (part) => db.select().from(domains).where(and(eq(domains.userId, userId), inArray(domains.asciiFqdn, part))));
    const misfits = idpLines.filter((l) => {
      const d = rows.find((r) => r.asciiFqdn === l.config.domain);
      return !d || actionRefusal('buy_id_protect', d, now) !== null;
    });
    if (misfits.length) return { code: ErrorCode.CART_ATTRIBUTE_ERROR, detail: { names: misfits.map((l) => String(l.config.domain ?? '')) } };
  }
  // A .ελ still needs its .gr in the account (spec §5): the .gr may have left it since the .ελ was added.
  const elLines = lines.filter((l) => l.kind === 'domain' && l.sku === 'ελ' && l.action !== 'renew' && l.action !== 'rgp_restore' && l.action !== 'trade');
  const elRefused = await elRefusals(db, userId, elLines.map((l) => splitDomain(l.name, tldList).label));
  return elRefused ? { code: elRefused, detail: { names: elLines.map((l) => l.name) } } : null;
}

export type TakenRefusal = { code: number; detail: { reason: 'taken'; names: string[]; taken: { id: string; name: string; search: string }[] } };

/**
 * Availability again, without the search cache, of the names to register: a name may have gone since
 * it was added. A taken name is a refusal that names it in Unicode with what to search for instead
 * (never "try again": it will not come back); a registry that cannot answer is its own code.
 */
export async function availabilityRefusal(registries: Record<RegistryFamily, RegistryPort>, lines: Line[], tldList: string[]): Promise<TakenRefusal | { code: number } | null> {
  const toRegister = lines.filter((l) => l.kind === 'domain' && (l.action ?? 'register') === 'register' && l.asciiName && l.registry);
  const taken: TakenRefusal['detail']['taken'] = [];
  for (const family of [...new Set(toRegister.map((l) => l.registry!))]) {
    const group = toRegister.filter((l) => l.registry === family);
    const refs = group.map((l) => {
      const { label, tld } = splitDomain(l.name, tldList);
      return { name: l.asciiName!, key: registryKeyFor(label, tld ?? l.sku) };
    });
    try {
      const answers = await registries[family].check(refs);
      const gone = new Set(answers.filter((a) => !a.available).map((a) => a.name));
      for (const l of group) if (gone.has(l.asciiName!)) taken.push({ id: l.id, name: l.name, search: splitDomain(l.name, tldList).label });
    } catch (e) {
      return { code: e instanceof RegistryError ? e.code : ErrorCode.DOMAIN_CHECK_FAILURE };
    }
  }
  return taken.length ? { code: ErrorCode.CART_NOT_READY_CHECK_ITEMS, detail: { reason: 'taken', names: taken.map((t) => t.name), taken } } : null;
}
