// Expiry reminders at 30, 7 and 1 days (issue #12 §6), kept for the notification centre.
import type { ServiceDeps } from '.';

export function createReminderService(deps: ServiceDeps) {
  void deps;
  return {};
}

export type ReminderService = ReturnType<typeof createReminderService>;
