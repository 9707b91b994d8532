// The registry port (issue #4 §1, DESIGN.md "Outside systems"): every registry operation the shop
// needs, per registry family (gr: .gr, its second levels and .ελ; eurid: .eu/.ευ; icm: .xxx; generic:
// the gTLDs and other ccTLDs). Names cross the port in ASCII (punycode) with the key the registry
// compares them by (for .gr: no accents, σ for ς), both made by core/domains. Errors are RegistryError
// with the catalogue's codes (26000, 30009 … 30034, 32006, 32052/32053).
import type { RegistryFamily } from '../../../core/catalog';

export type { RegistryFamily };

export type NameRef = { name: string; key: string };

export type CheckAnswer = {
  name: string;
  available: boolean;
  /** Why not: registered, reserved by the registry, or in its redemption grace period (RGP). */
  reason?: 'registered' | 'reserved' | 'redemption';
  /** A premium name: the registry's yearly prices (cents, VAT excluded). */
  premium?: { registerCents: number; renewCents: number };
};

/** A holder as a registry records it; `city` is required by every registry (RFC 5733) once it is sent. */
export type Contact = { name: string; organisation?: string | null; email: string; country: string; phone?: string | null; address?: string | null; city?: string | null; postcode?: string | null };

/** The roles besides the registrant (EPP domain:contact types). */
export const ROLE_CONTACT_TYPES = ['admin', 'tech', 'billing'] as const;
export type RoleContactType = (typeof ROLE_CONTACT_TYPES)[number];

export type DomainInfo = {
  name: string;
  statuses: string[];
  sponsoredByUs: boolean;
  registrar: string;
  registrant: Partial<Contact>;
  idProtect: boolean;
  nameservers: string[];
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date;
  locked: boolean;
};

export type RegistrySettings = {
  family: RegistryFamily;
  nameserversMin: number;
  nameserversMax: number;
  contactRoles: string[];
  transferRenews: boolean;
};

export type RegistryMessage = { id: number; name: string; type: 'transfer_completed' | 'transfer_rejected' | 'auth_code_sent' | 'expired' | 'deleted'; payload: Record<string, unknown>; createdAt: Date };

export type RegisterInput = {
  name: NameRef;
  periodMonths: number;
  registrant: Contact;
  nameservers: string[];
  idProtect?: boolean;
  /** .xxx: resolve the name in DNS, and the Member Authorization Token when it does. */
  xxx?: { resolve: boolean; membershipToken?: string };
};

export type RegistryPort = {
  readonly family: RegistryFamily;
  settings(): Promise<RegistrySettings>;
  /** Many names in one call: a whole search costs one call per family. */
  check(names: NameRef[]): Promise<CheckAnswer[]>;
  info(name: NameRef): Promise<DomainInfo>;
  register(input: RegisterInput): Promise<{ name: string; expiresAt: Date; authCode: string }>;
  /** Completed at once where the registry does so (.gr with the right code), otherwise pending. */
  transfer(input: { name: NameRef; authCode: string; periodMonths?: number }): Promise<{ status: 'completed' | 'pending'; expiresAt?: Date }>;
  renew(input: { name: NameRef; periodMonths: number; currentExpiry: Date }): Promise<{ expiresAt: Date }>;
  /** Registrant change; `idProtect` keeps the new holder's data hidden where ID protect is on. */
  trade(input: { name: NameRef; registrant: Contact; idProtect?: boolean }): Promise<void>;
  /** The registry e-mails the code to the registrant. */
  sendAuthCode(name: NameRef): Promise<void>;
  resetAuthCode(name: NameRef): Promise<string>;
  updateNameservers(name: NameRef, nameservers: string[]): Promise<void>;
  /** Hosts cross the port in ASCII. Creating an existing host sets its addresses. */
  createHost(host: string, ips: string[]): Promise<void>;
  /** Sets a host's addresses; 32060 when the registry has no such host. */
  updateHost(host: string, ips: string[]): Promise<void>;
  /** 32060 when the registry has no such host. */
  hostInfo(host: string): Promise<{ name: string; ips: string[] }>;
  /** 32006 while a domain delegates to it. */
  deleteHost(host: string): Promise<void>;
  updateContacts(name: NameRef, contacts: { registrant?: Contact; idProtect?: boolean }): Promise<void>;
  /**
   * Gives roles of a name (admin, tech, billing) to contacts: each is created as a contact object at
   * the registry and replaces the role's holder (EPP domain:update add/rem contact). Answers the new
   * handles. A role the registry does not have (settings.contactRoles) is refused (32101).
   */
  updateRoleContacts(name: NameRef, roles: Partial<Record<RoleContactType, Contact>>): Promise<Partial<Record<RoleContactType, string>>>;
  setLock(name: NameRef, locked: boolean): Promise<void>;
  poll(): Promise<RegistryMessage[]>;
  ack(id: number): Promise<void>;
};

export class RegistryError extends Error {
  constructor(
    readonly code: number,
    readonly detail: Record<string, unknown> = {},
  ) {
    super(`registry error ${code}`);
    this.name = 'RegistryError';
  }
}
