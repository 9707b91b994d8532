// The notification centre's public face (issue #24 §1). Sources call createNotifier(deps).notify().
export { createNotifier, notificationText, NotificationType, type Notifier, type NotifyInput } from './notify';
