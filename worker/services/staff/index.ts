// Staff: the back office's staff accounts and the audit log (with StaffActor, who did a staff action),
// staff members and their invitations, and the global search.
// The area's public face: other areas, routes, the API and cron import from here, never an inner file.
export { createAuditService, type StaffActor } from './audit';
export { createStaffService } from './staff';
export { createStaffMemberService, type StaffMember, type PendingInvitation, type MemberChangeResult } from './members';
export { createStaffInvitationService, INVITATION_PATH, type InvitationView } from './invitations';
export { createStaffSearchService, type SearchHit, type SearchResult } from './search';
export { createStaffDashboardService, type WorkQueueCounts } from './dashboard';
