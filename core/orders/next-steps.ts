// What a customer does next with each item of a paid order (issue #25 §6): the order page says it
// in words, with a link to the portal page where it is done. Only items carried out get one: an item
// still being prepared, retried or refunded says so with its state instead.

export type NextStepItem = {
  kind: string;
  action: string | null;
  status: string;
  name: string;
  asciiName: string | null;
  parentPosition: number | null;
  result: Record<string, unknown>;
  /** The hosting service the item created (hosting_services.id), once known. */
  serviceId?: number | null;
  /** The name a certificate protects (its config, or the domain ordered with it). */
  sslDomain?: string | null;
};

export type NextStepKey = 'manage_domain' | 'transfer_pending' | 'setup_hosting' | 'enrol_certificate';
export type NextStep = { key: NextStepKey; href: string };

const domainPage = (ascii: string) => `/account/domains/${ascii}`;

export function nextStepOf(item: NextStepItem): NextStep | null {
  if (item.status !== 'completed' || item.parentPosition !== null) return null;
  if (item.kind === 'domain') {
    const href = domainPage(item.asciiName ?? item.name);
    return { key: item.result.status === 'transfer_pending' ? 'transfer_pending' : 'manage_domain', href };
  }
  if (item.kind === 'hosting') return { key: 'setup_hosting', href: item.serviceId ? `/account/hosting/${item.serviceId}` : '/account/hosting' };
  // The portal has no certificates page: the approval is by e-mail, and the name's page is where its
  // nameservers and hosting (where the certificate is installed) are managed.
  if (item.kind === 'ssl') return { key: 'enrol_certificate', href: item.sslDomain ? domainPage(item.sslDomain) : '/ssl' };
  return null;
}
