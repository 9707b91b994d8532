// Services are the use cases of each area; routes and API handlers call them and never touch D1.
import type { Db } from '../../db/client';
import { createAdapters, type Adapters } from '../adapters';
import { configOf } from '../config';
import { createAccountService } from './account';
import { createAuditService } from './audit';
import { createAuthService } from './auth';
import { createCartService } from './cart';
import { createCatalogService } from './catalog';
import { createContactService } from './contacts';
import { createDomainContactService } from './domain-contacts';
import { createDomainService } from './domains';
import { createDocumentService } from './documents';
import { createDocumentPaymentService } from './document-payments';
import { createDebitService } from './debits';
import { createRefundService } from './refunds';
import { createLegalDocumentService } from './legal-documents';
import { createMydataService } from './mydata';
import { createHandoverService } from './handovers';
import { createMyDomainService } from './my-domains';
import { createNameserverService } from './nameservers';
import { createIdProtectService } from './id-protect';
import { createReminderService } from './reminders';
import { createHealthService } from './health';
import { createLiveService } from './live';
import { createOrderService } from './orders';
import { createOtpService } from './otp';
import { createOutboxService } from './outbox';
import { createPasswordResetService } from './password-reset';
import { createPreferenceService } from './preferences';
import { createPromotionService } from './promotions';
import { createRateLimitService } from './rate-limit';
import { createRegistrationService } from './registration';
import { createRegistryPollService } from './registry-poll';
import { createSandboxPaymentService } from './sandbox-payments';
import { createStaffService } from './staff';
import { lazyMembers } from '../lazy';

export type ServiceDeps = { db: Db; env: Env; now: Date; adapters: Adapters };

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
      return (adapters ??= createAdapters(config, input.db, config.publicOrigin ?? input.origin));
    },
  };
  return servicesFor(deps);
}


function servicesFor(deps: ServiceDeps) {
  return lazyMembers({
    account: () => createAccountService(deps),
    auth: () => createAuthService(deps),
    orders: () => createOrderService(deps),
    documents: () => createDocumentService(deps),
    documentPayments: () => createDocumentPaymentService(deps),
    debits: () => createDebitService(deps),
    refunds: () => createRefundService(deps),
    legalDocuments: () => createLegalDocumentService(deps),
    mydata: () => createMydataService(deps),
    otp: () => createOtpService(deps),
    passwordReset: () => createPasswordResetService(deps),
    registration: () => createRegistrationService(deps),
    cart: () => createCartService(deps),
    catalog: () => createCatalogService(deps),
    contacts: () => createContactService(deps),
    domains: () => createDomainService(deps),
    myDomains: () => createMyDomainService(deps),
    nameservers: () => createNameserverService(deps),
    domainContacts: () => createDomainContactService(deps),
    handovers: () => createHandoverService(deps),
    registryPoll: () => createRegistryPollService(deps),
    reminders: () => createReminderService(deps),
    idProtect: () => createIdProtectService(deps),
    health: () => createHealthService(deps),
    live: () => createLiveService(deps.env),
    promotions: () => createPromotionService(deps),
    outbox: () => createOutboxService(deps),
    sandboxPayments: () => createSandboxPaymentService(deps),
    preferences: () => createPreferenceService(),
    rateLimits: () => createRateLimitService(deps),
    audit: () => createAuditService(deps),
    staff: () => createStaffService(deps),
  });
}

export type Services = ReturnType<typeof createServices>;
