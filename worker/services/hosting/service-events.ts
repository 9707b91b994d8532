// What every change of a hosting service tells its customer (issue #23 §1): a live event on the
// `hosting` channel to their open tabs, and (for what they must know) a notification, raised once per
// dedupe key so a cron re-run or a fulfilment retry raises nothing twice.
import type { ServiceDeps } from '../deps';
import { createNotifier, NotificationType } from '../notifications';
import { createLiveService } from '../platform';

type Status = 'provisioning' | 'active' | 'suspended' | 'terminated';

export type HostingNotice = 'renewal_due' | 'renewed' | 'suspended' | 'suspended_staff' | 'unsuspended' | 'terminated' | 'server_start' | 'server_stop' | 'server_reboot' | 'server_reinstall';

const TONE: Record<HostingNotice, 'alert' | 'warning' | 'success' | 'info'> = {
  renewal_due: 'info',
  renewed: 'success',
  suspended: 'alert',
  suspended_staff: 'alert',
  unsuspended: 'success',
  terminated: 'warning',
  server_start: 'success',
  server_stop: 'info',
  server_reboot: 'info',
  server_reinstall: 'info',
};

export function createServiceEvents(deps: Pick<ServiceDeps, 'db' | 'env' | 'now'>) {
  const notifier = createNotifier(deps);
  return {
    /** Other tabs refresh the service's row or page. A lost event is no harm: the page reads D1. */
    async changed(userId: number, serviceId: number, status: Status, fields: string[]): Promise<void> {
      await createLiveService(deps.env)
        .toUser(`u-${userId}`, { channel: 'hosting', event: 'HostingServiceWasUpdated', unique_id: null, data: { service_id: serviceId, status, fields } })
        .catch(() => undefined);
    },

    /** The notice `hosting.<notice>` about a service, once per `dedupeKey`. */
    async notify(input: { userId: number; serviceId: number; notice: HostingNotice; name: string; dedupeKey: string; link?: string; params?: Record<string, string | number> }): Promise<void> {
      await notifier
        .notify({
          userId: input.userId,
          type: NotificationType.SYSTEM,
          messageKey: `hosting.${input.notice}`,
          params: { name: input.name, ...input.params },
          link: input.link ?? `/account/hosting/${input.serviceId}`,
          tone: TONE[input.notice],
          displayOnScreen: input.notice === 'suspended' || input.notice === 'suspended_staff' || input.notice === 'unsuspended',
          dedupeKey: input.dedupeKey,
        })
        // The change itself stands; a notice that failed is logged, not a reason to undo it.
        .catch((e: unknown) => console.error('hosting notice failed', { dedupeKey: input.dedupeKey, error: String(e) }));
    },
  };
}

export type ServiceEvents = ReturnType<typeof createServiceEvents>;

/** How a service is named in notices: its domain, else its panel user name. */
export function serviceName(s: { domain: string | null; username: string }): string {
  return s.domain ?? s.username;
}
