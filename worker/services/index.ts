// Services are the use cases of each area; routes and API handlers call them and never touch D1.
import type { Db } from '../../db/client';
import { createAdapters, type Adapters } from '../adapters';
import { configOf } from '../config';
import { createArchiveService } from './archive';
import { createAccountService, createAuthService, createErasureService, createOtpService, createPasswordResetService, createPreferenceService, createRegistrationService, createStaffCustomerMail, createStaffCustomerService } from './accounts';
import { createCouponService, createDebitService, createSavedCards } from './billing';
import { createCartService } from './cart';
import { createCatalogAdminService, createCatalogService, createPromotionService } from './catalog';
import { createContactService, createDomainContactService } from './contacts';
import { createDocumentService, createLegalDocumentService, createMydataService } from './documents';
import { createDomainService, createHandoverService, createIdProtectService, createMyDomainService, createNameserverService, createReminderService, createStaffDomainActions, createStaffDomainService } from './domains';
import { createFreeHostingService, createHostingPlans, createHostingRenewals, createHostingServers, createMyServices, createStaffHostingService } from './hosting';
import { createDocumentPaymentsWithOrders, createOrderService, createRefundService, createRegistryPollService, createSandboxPaymentService, numberedDocument } from './orders';
import { createNotificationCentre } from './notifications';
import { createHealthService, createLiveService, createOutboxService, createRateLimitService } from './platform';
import { createAuditService, createStaffDashboardService, createStaffInvitationService, createStaffMemberService, createStaffSearchService, createStaffService } from './staff';
import { createPrivacyConsents } from './consents';
import { createAutoRenew } from './renewals';
import { createNewsletterService } from './newsletter';
import { createMailService, createStaffMailLog } from './mail';
import { lazyMembers } from '../lazy';
import type { ServiceDeps } from './deps';

export type { ServiceDeps } from './deps';

export function createServices(input: { db: Db; env: Env; now: Date; adapters?: Adapters; origin?: string }) {
  // Ports come from the validated configuration only (decision 021), never from raw env fallbacks.
  const config = configOf(input.env);
  // Adapters are made when a service first reaches for them (most pages never do).
  let adapters = input.adapters;
  const deps: ServiceDeps = {
    db: input.db,
    env: input.env,
    now: input.now,
    get adapters() {
      return (adapters ??= createAdapters(config, input.db, config.publicOrigin ?? input.origin, input.env.FILES));
    },
  };
  return servicesFor(deps);
}


function servicesFor(deps: ServiceDeps) {
  return lazyMembers({
    account: () => createAccountService(deps),
    auth: () => createAuthService(deps),
    archives: () => createArchiveService(deps),
    orders: () => createOrderService(deps),
    documents: () => createDocumentService(deps),
    documentPayments: () => createDocumentPaymentsWithOrders(deps),
    debits: () => createDebitService(deps),
    savedCards: () => createSavedCards(deps),
    refunds: () => createRefundService(deps),
    legalDocuments: () => createLegalDocumentService(deps),
    mydata: () => createMydataService(deps),
    otp: () => createOtpService(deps),
    mail: () => createMailService(deps),
    staffMail: () => createStaffMailLog(deps),
    passwordReset: () => createPasswordResetService(deps),
    registration: () => createRegistrationService(deps),
    cart: () => createCartService(deps),
    catalog: () => createCatalogService(deps),
    catalogAdmin: () => createCatalogAdminService(deps),
    contacts: () => createContactService(deps),
    domains: () => createDomainService(deps),
    myDomains: () => createMyDomainService(deps),
    myServices: () => createMyServices(deps),
    nameservers: () => createNameserverService(deps),
    domainContacts: () => createDomainContactService(deps),
    handovers: () => createHandoverService(deps),
    registryPoll: () => createRegistryPollService(deps),
    reminders: () => createReminderService(deps),
    idProtect: () => createIdProtectService(deps),
    freeHosting: () => createFreeHostingService(deps),
    health: () => createHealthService(deps),
    live: () => createLiveService(deps.env),
    promotions: () => createPromotionService(deps),
    outbox: () => createOutboxService(deps),
    newsletter: () => createNewsletterService(deps),
    privacyConsents: () => createPrivacyConsents(deps),
    sandboxPayments: () => createSandboxPaymentService(deps),
    preferences: () => createPreferenceService(),
    rateLimits: () => createRateLimitService(deps),
    audit: () => createAuditService(deps),
    staff: () => createStaffService(deps),
    staffCustomers: () => createStaffCustomerService(deps),
    staffCustomerMail: () => createStaffCustomerMail(deps),
    erasure: () => createErasureService(deps, createSavedCards(deps)),
    coupons: () => createCouponService(deps),
    staffMembers: () => createStaffMemberService(deps),
    staffInvitations: () => createStaffInvitationService(deps),
    staffSearch: () => createStaffSearchService(deps),
    staffDomains: () => createStaffDomainService(deps),
    staffDomainActions: () => createStaffDomainActions(deps),
    staffDashboard: () => createStaffDashboardService(deps),
    // The orders area reaches the hosting area (fulfilment); the renewals reach orders through these hooks.
    hostingRenewals: () => createHostingRenewals(deps, { numberedDocument, cancelOrder: (userId, orderId) => createOrderService(deps).cancelOrder(userId, orderId), payRenewal: (orderId) => createAutoRenew(deps).pay(orderId) }),
    // Auto-renew (issue #25 §1): domain renewal orders, the one payment step of every renewal, the pages' plan.
    autoRenew: () => createAutoRenew(deps),
    staffHosting: () => createStaffHostingService(deps),
    hostingServers: () => createHostingServers(deps),
    hostingPlans: () => createHostingPlans(deps),
    notifications: () => createNotificationCentre(deps),
  });
}

export type Services = ReturnType<typeof createServices>;
