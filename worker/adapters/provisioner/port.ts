// The hosting provisioner port (DESIGN.md "Outside systems"): what order fulfilment needs from the
// hosting control panel for shared Linux/Windows, WordPress, semi-dedicated hosting, cloud VPS and
// dedicated servers. The sandbox (sandbox.ts) and the panel REST client (panel-api.ts) both implement it.
//
// Errors are ProvisionerError with catalogue codes (core/errors). The catalogue has a single
// hosting code (33003) and two server-provider codes, so the rest are general codes:
// - 40501 server_provider_product_not_found: no such account at the panel, or it sells no such plan.
// - 151 action_not_allowed: the account's status forbids the action (suspend a terminated account,
//   unsuspend an active one …). 10019 action_not_allowed_on_product would read better but belongs to
//   the admin catalogue screens, and its text speaks of products, not of a customer's account.
// - 33003 free_hosting_cant_be_activated: a free hosting account without a domain, or a second one
//   for the same domain.
// - 100 validation_error: input the panel refuses outright (length, reference, e-mail).
// - 49997 network_connection_error: the panel is down, failing, slow or answering nonsense, and also
//   when it is in maintenance (detail.reason = 'maintenance'). The catalogue's maintenance codes are
//   26000 registry_maintenance and 39792 ssl_store_in_maintenance, whose texts name the registry and
//   the certificate store, so showing either for hosting would mislead; 49997 says "try again", which
//   is the truth, and fulfilment retries every failure anyway.
// - 40505 server_provider_host_not_resolved: the real client could not reach the panel's host at all.

export type HostingStatus = 'provisioning' | 'active' | 'suspended' | 'terminated';

export type HostingAccount = {
  accountId: string;
  /** Our order item id, as given to createAccount. */
  reference: string;
  sku: string;
  domain: string | null;
  username: string;
  panelUrl: string;
  /** VPS and dedicated servers stay 'provisioning' while the machine is built. */
  status: HostingStatus;
  /** The web server's host name ('web12.gr.example.net'), or the machine's IPv4 for VPS and dedicated. */
  server: string;
  createdAt: Date;
  expiresAt: Date;
};

/** One measure of an account's use: how much is used and the plan's limit (null: unlimited). */
export type UsageMeasure = { used: number; limit: number | null };

/**
 * What the panel alone knows about an account's use (issue #23 §1): disk and this month's
 * bandwidth in MB, and the mailboxes and databases it holds. Servers have no mailboxes or databases
 * the panel counts: those are null.
 */
export type HostingUsage = {
  diskMb: UsageMeasure;
  bandwidthMb: UsageMeasure;
  mailboxes: UsageMeasure | null;
  databases: UsageMeasure | null;
  measuredAt: Date;
};

export type CreateAccountInput = {
  /** Our order item id: the idempotency key, so a retry after a timeout returns the same account. */
  reference: string;
  sku: string;
  /** The cart item type ('hosting-shared-linux', 'hosting-wp-business', 'hosting-vps-linux', 'hosting-dedi' …). */
  productType: string;
  domain: string | null;
  lengthMonths: number;
  /** The configuration chosen in the cart (OS, control panel, datacenter …). */
  options: Record<string, string>;
  contactEmail: string;
};

export type ProvisionerPort = {
  createAccount(input: CreateAccountInput): Promise<HostingAccount>;
  getAccount(accountId: string): Promise<HostingAccount>;
  suspend(accountId: string, reason: string): Promise<HostingAccount>;
  unsuspend(accountId: string): Promise<HostingAccount>;
  terminate(accountId: string): Promise<HostingAccount>;
  /** Sets a new generated panel password (spec §5 hosting-panel password rules) and returns it. */
  changePassword(accountId: string): Promise<string>;
  /**
   * Extends expiresAt by lengthMonths. `reference` (our order item id) makes a retry safe: a renewal
   * the panel has already applied under the same reference is answered without extending again.
   */
  renew(accountId: string, lengthMonths: number, reference?: string): Promise<HostingAccount>;
  /** Disk, bandwidth, mailboxes and databases as the panel measures them now. */
  usage(accountId: string): Promise<HostingUsage>;
  /**
   * Sets the panel password the customer chose. The panel checks spec §5 "Hosting-panel password"
   * itself (100 validation_error, field 'password') and keeps only a hash; nothing comes back.
   */
  setPassword(accountId: string, password: string): Promise<void>;
  /** VPS and dedicated servers (issue #23 §1): the machine's power, its address and installed image. */
  powerState(accountId: string): Promise<ServerState>;
  /** start, stop or reboot. Refused with 151 while the server is built, rebooting, reinstalling or suspended. */
  power(accountId: string, action: PowerAction): Promise<ServerState>;
  /** Wipes the machine and installs `os` (an image slug of its configuration set); 40501 for an image the provider lacks. */
  reinstall(accountId: string, os: string): Promise<ServerState>;
  /** Moves the account to another plan; `reference` (our order item id) makes a retry answer without changing again. */
  changePlan(accountId: string, sku: string, reference?: string): Promise<HostingAccount>;
};

export const powerActions = ['start', 'stop', 'reboot'] as const;
export type PowerAction = (typeof powerActions)[number];
/** 'provisioning' while the machine is first built; rebooting and reinstalling end by themselves. */
export const powerStates = ['provisioning', 'running', 'stopped', 'rebooting', 'reinstalling'] as const;
export type PowerState = (typeof powerStates)[number];

export type ServerState = {
  accountId: string;
  power: PowerState;
  /** The account's own status: a suspended server can do nothing. */
  status: HostingStatus;
  ip: string | null;
  hostname: string;
  os: string | null;
};

export class ProvisionerError extends Error {
  constructor(
    readonly code: number,
    readonly detail: Record<string, unknown> = {},
  ) {
    super(`provisioner error ${code}${typeof detail.reason === 'string' ? ` (${detail.reason})` : ''}`);
    this.name = 'ProvisionerError';
  }
}
