export { createAuditService, type StaffActor } from './audit';
export { createStaffService } from './staff';
