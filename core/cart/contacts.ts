// Contact readiness moved to core/contacts/readiness.ts (issue #12 §4); the cart keeps importing it here.
export { readiness, type ContactFields } from '../contacts/readiness';
