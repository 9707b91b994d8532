// The service period a document line pays for (issue #25 §6: a Greek accountant expects "from–to" on
// every line of an invoice for a service). A new service runs from the day it was paid for its length;
// a renewal ends at the expiry the registry gave and starts its length before. Pure; UTC months,
// clamped to the month's last day (31 January + 1 month is 28 February).

export type ServicePeriod = { from: Date; to: Date };

export function addMonths(at: Date, months: number): Date {
  const y = at.getUTCFullYear();
  const m = at.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(at.getUTCDate(), last), at.getUTCHours(), at.getUTCMinutes(), at.getUTCSeconds(), at.getUTCMilliseconds()));
}

export function servicePeriod(input: { startsAt: Date; lengthMonths: number; expiresAt?: string | null }): ServicePeriod | null {
  if (!(input.lengthMonths > 0)) return null;
  const end = input.expiresAt ? new Date(input.expiresAt) : null;
  if (end && !Number.isNaN(end.getTime())) return { from: addMonths(end, -input.lengthMonths), to: end };
  return { from: input.startsAt, to: addMonths(input.startsAt, input.lengthMonths) };
}
