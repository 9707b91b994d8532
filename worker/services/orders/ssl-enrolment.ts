// Fulfilment's SSL step (issue #20 §2): a paid certificate is enrolled with the names the customer
// named in the cart — the main domain and every paid extra domain (SAN) — and the approver e-mail the
// customer chose for each, never the supplier's first address. A certificate whose paid SANs are not
// all named, or a name without its approver (an order placed before the cart asked for them), is not
// enrolled with less: it fails with a validation error, which fulfilment treats as final (staff see
// it, the customer gets the item's cost back), since no retry can name the missing domains.
import type { SslSettings } from '../../../core/cart/ssl';
import { sanAllowance, sslName } from '../../../core/cart/ssl-names';
import { ErrorCode } from '../../../core/errors';
import type { orderItems } from '../../../db/schema';
import { SslError, type SslPort } from '../../adapters/ssl/port';
import type { createCatalogService } from '../catalog';

type Item = typeof orderItems.$inferSelect;
type SslItemConfig = { domain?: string; quantity?: number; sans?: string[]; approvers?: Record<string, string>; approver?: string };

export async function enrolCertificate(deps: { ssl: SslPort; catalog: ReturnType<typeof createCatalogService> }, item: Item, siblings: Item[], reference: string): Promise<Record<string, unknown>> {
  const config = item.config as SslItemConfig;
  const typed = config.domain ?? siblings.find((s) => s.kind === 'domain')?.name;
  if (!typed) throw new SslError(ErrorCode.VALIDATION_ERROR, { reason: 'no_domain' });
  const commonName = sslName(typed);
  const product = (await deps.catalog.productsByFamily(['ssl'], 'el', { withOptions: false })).find((p) => p.sku === item.sku);
  const settings = (product?.settings ?? {}) as SslSettings;
  const { required, max } = sanAllowance(settings, config.quantity ?? 0);
  const sans = (config.sans ?? []).map(sslName);
  if (sans.length < required || sans.length > max) throw new SslError(ErrorCode.VALIDATION_ERROR, { field: 'sans', reason: 'sans_count', required, max, named: sans.length });
  const names = [commonName, ...sans];
  // `approver` is the single field an item stored before SAN names existed may carry for its main name.
  const chosen: Record<string, string | undefined> = { ...(config.approver ? { [commonName]: config.approver } : {}), ...config.approvers };
  const missing = names.find((n) => !chosen[n]);
  if (missing) throw new SslError(ErrorCode.VALIDATION_ERROR, { field: 'approver_email', domain: missing, reason: 'approver_missing' });
  const validation = String(settings.validation_type ?? 'DV').toUpperCase();
  const cert = await deps.ssl.enroll({
    reference,
    sku: item.sku,
    validationType: validation === 'EV' || validation === 'OV' ? validation : 'DV',
    commonName,
    sans,
    approverEmails: Object.fromEntries(names.map((n) => [n, chosen[n]!])),
    lengthMonths: item.lengthMonths,
  });
  // The names and approvers as the supplier recorded them: the item's e-mail tells the customer the
  // validation step per name from this (issue #33 §1), and the order page may show them.
  return { certificateId: cert.certificateId, status: cert.status, commonName: cert.commonName, sans: cert.sans, approverEmails: cert.approverEmails, ...(cert.expiresAt ? { expiresAt: cert.expiresAt.toISOString() } : {}) };
}
