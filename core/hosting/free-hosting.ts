// Free hosting per domain (issue #23 §3, spec §2 "Free hosting page", §3 "Free hosting status
// message", §4 "Free hosting"): when a name may have it, what state a record is in, and how that
// state is labelled. Pure rules, shared by the service, the cron and the page.

/** Free hostings an account may have enabled at once (disabled ones awaiting deletion do not count). */
export const FREE_HOSTING_QUOTA = 3;
/** A disabled free hosting is kept this long (the customer may enable it again), then deleted by cron. */
export const FREE_HOSTING_DELETE_AFTER_DAYS = 30;
/** Free hosting is not sold: the panel's longest period, so no renewal ever comes due. */
export const FREE_HOSTING_LENGTH_MONTHS = 120;
/** The web space every free hosting gets (the plan the panel's 'hosting-free' product stands for). */
export const FREE_HOSTING_DISK_MB = 1000;
export const FREE_HOSTING_PRODUCT_TYPE = 'hosting-free';
export const FREE_HOSTING_SKU = 'hosting-free';

export type FreeHostingRefusal = 'nameservers' | 'quota';

/** What the page shows: never had one (or deleted), being made, on, or off and awaiting deletion. */
export type FreeHostingState = 'none' | 'provisioning' | 'active' | 'disabled';

const bareHost = (n: string) => n.trim().toLowerCase().replace(/\.$/, '');

/**
 * The web space answers on our nameservers only: a name delegated elsewhere would never reach it.
 * An empty list means the delegation was never learnt; then the name's mode says ('default' is ours).
 */
export function usesOurNameservers(domain: { nsMode: string; nameservers: readonly string[] }, ours: readonly string[]): boolean {
  if (!domain.nameservers.length) return domain.nsMode === 'default';
  const mine = new Set(ours.map(bareHost));
  return domain.nameservers.every((n) => mine.has(bareHost(n)));
}

/** Why a new (or undeleted) free hosting cannot be had, or null. `enabledCount` excludes this name's own. */
export function activationRefusal(input: { ourNameservers: boolean; enabledCount: number }, quota = FREE_HOSTING_QUOTA): FreeHostingRefusal | null {
  if (!input.ourNameservers) return 'nameservers';
  if (input.enabledCount >= quota) return 'quota';
  return null;
}

/** The record's status as the page knows it; a terminated record is as good as none. */
export function freeHostingState(row: { status: string } | null): FreeHostingState {
  if (!row || row.status === 'terminated') return 'none';
  if (row.status === 'provisioning') return 'provisioning';
  return row.status === 'active' ? 'active' : 'disabled';
}

/** The label's style class (spec §3 general.status.type). */
export function statusType(state: FreeHostingState): 'success' | 'warning' | 'info' | 'secondary' {
  return { active: 'success', disabled: 'warning', provisioning: 'info', none: 'secondary' }[state] as 'success' | 'warning' | 'info' | 'secondary';
}

/** The toggle takes a click unless a change is under way (spec §3 user_interacts). */
export function userInteracts(state: FreeHostingState): boolean {
  return state !== 'provisioning';
}

export function deleteAtFrom(disabledAt: Date, days = FREE_HOSTING_DELETE_AFTER_DAYS): Date {
  return new Date(disabledAt.getTime() + days * 86_400_000);
}
