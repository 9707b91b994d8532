// Staff: the back office's staff accounts and the audit log (with StaffActor, who did a staff action).
// The area's public face: other areas, routes, the API and cron import from here, never an inner file.
export { createAuditService, type StaffActor } from './audit';
export { createStaffService } from './staff';
export { createStaffDashboardService, type WorkQueueCounts } from './dashboard';
