// The notification centre's public face (issue #24 §1). Sources call createNotifier(deps).notify().
export { createNotifier, notificationText, NotificationType, type Notifier, type NotifyInput } from './notify';
export { createNotificationCentre, NOTIFICATIONS_PER_PAGE, unreadCountQuery, type GlobalNoticeInput, type NotificationCentre, type NotificationItem, type NotificationTone } from './centre';
export { createNotificationSources, type NotificationSources } from './sources';
