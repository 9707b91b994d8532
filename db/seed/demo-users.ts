// Demo accounts of the sandbox (README "Demo accounts"). The hashes are argon2id (m=19 MiB, t=2, p=1)
// of the listed passwords, made once by worker/security/password-hash.ts: a seed run never needs the
// hasher, and a worker test proves each password verifies against its hash.
import type { Db } from '../client';
import { GDPR_POLICY_VERSION } from '../../core/gdpr';
import { users } from '../schema';

export const DEMO_USERS = [
  {
    email: 'demo@example.gr',
    password: 'Demo-Pelatis-2026',
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$+OgQ+q/SHPKJLOn/+OuwmA$BaDZ8tV6sRaItr1RL7FjcpmKzF21itMi/nNtEZVQgn4',
    firstName: 'Μαρία',
    lastName: 'Παπαδοπούλου',
    mobile: '+306912345678',
    userGroup: 'user',
    state: 'I',
    city: 'Αθήνα',
    gdpr: true,
    status: 'active',
    // The security-question reset (reset-view2): answer 'Αθήνα', birth date 14/03/1985.
    security: {
      question: 'birth_city',
      answer: 'Αθήνα',
      answerHash: '$argon2id$v=19$m=19456,t=2,p=1$GsOQ2yzYa8HYcVENwEyKzw$n+h6jtEVzOImvvWV+V10szy+hEjvhl6WFDUAQAt5o44',
      birthDate: '1985-03-14',
    },
  },
  {
    email: 'admin@example.gr',
    password: 'Demo-Admin-2026',
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$Eyhehmq/l6JSah3O1eeP8A$7HibUAuXSX9qs9azZKRbKMEwAXxBJSpsIybT/DY+xcI',
    firstName: 'Νίκος',
    lastName: 'Διαχειριστής',
    mobile: '+306987654321',
    userGroup: 'admin',
    // Staff must use two-factor (decision 024): the demo admin's authenticator key is public, like
    // its password (README "Demo accounts"); a real deployment does not seed demo users.
    totpSecret: 'REGISTRARDEMOADMINTWOFACTORKEYAA',
    state: 'B',
    city: 'Θεσσαλονίκη',
    gdpr: true,
    status: 'active',
  },
  {
    // Has not given the GDPR processing approval yet: the login form asks for it (spec §4).
    email: 'eleni@example.gr',
    password: 'Demo-Pelatis-2026',
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$+OgQ+q/SHPKJLOn/+OuwmA$BaDZ8tV6sRaItr1RL7FjcpmKzF21itMi/nNtEZVQgn4',
    firstName: 'Ελένη',
    lastName: 'Γεωργίου',
    mobile: '+306934567890',
    userGroup: 'user',
    state: 'G',
    city: 'Πάτρα',
    gdpr: false,
    status: 'active',
  },
  {
    // Suspended by staff (2011 account_suspended).
    email: 'suspended@example.gr',
    password: 'Demo-Anastoli-2026',
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$4flcyHbyvfUDFIIh5e8bZA$yrshv4SdRd/pwn5JuypMJxXdm+gM7y+hL0Lum2PaeI4',
    firstName: 'Γιώργος',
    lastName: 'Νικολάου',
    mobile: '+306945678901',
    userGroup: 'user',
    state: 'M',
    city: 'Ηράκλειο',
    gdpr: true,
    status: 'suspended',
  },
  {
    // Like Eleni, without the GDPR approval: a second account for the flows that use it up.
    email: 'kostas@example.gr',
    password: 'Demo-Pelatis-2026',
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$+OgQ+q/SHPKJLOn/+OuwmA$BaDZ8tV6sRaItr1RL7FjcpmKzF21itMi/nNtEZVQgn4',
    firstName: 'Κώστας',
    lastName: 'Αντωνίου',
    mobile: '+306956789012',
    userGroup: 'user',
    state: 'E',
    city: 'Λάρισα',
    gdpr: false,
    status: 'active',
  },
  {
    // Holds 2,000 names (db/seed/bulk-domains.ts, seeded by `npm start` only): the portal's list at scale.
    email: 'portfolio@example.gr',
    password: 'Demo-Pelatis-2026',
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$+OgQ+q/SHPKJLOn/+OuwmA$BaDZ8tV6sRaItr1RL7FjcpmKzF21itMi/nNtEZVQgn4',
    firstName: 'Πέτρος',
    lastName: 'Χαρτοφύλακας',
    mobile: '+306967890123',
    userGroup: 'user',
    state: 'I',
    city: 'Αθήνα',
    gdpr: true,
    status: 'active',
  },
  {
    // A member of staff in the support group (issue #22 §1): reads customers, domains and orders and
    // changes nothing. The admin's password; its own public authenticator key (README "Demo accounts").
    email: 'support@example.gr',
    password: 'Demo-Admin-2026',
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$Eyhehmq/l6JSah3O1eeP8A$7HibUAuXSX9qs9azZKRbKMEwAXxBJSpsIybT/DY+xcI',
    firstName: 'Σοφία',
    lastName: 'Υποστήριξη',
    mobile: '+306978901234',
    userGroup: 'support',
    totpSecret: 'REGISTRARDEMOSUPPORTTWOFACTORKEY',
    state: 'I',
    city: 'Αθήνα',
    gdpr: true,
    status: 'active',
  },
  {
    // Have not approved the privacy policy (issue #24 §3): the browser test of the GDPR approval at
    // login uses them up, Irini with JavaScript and Stavros without.
    email: 'irini@example.gr',
    password: 'Demo-Pelatis-2026',
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$+OgQ+q/SHPKJLOn/+OuwmA$BaDZ8tV6sRaItr1RL7FjcpmKzF21itMi/nNtEZVQgn4',
    firstName: 'Ειρήνη',
    lastName: 'Δημητρίου',
    mobile: '+306989012345',
    userGroup: 'user',
    state: 'I',
    city: 'Αθήνα',
    gdpr: false,
    status: 'active',
  },
  {
    email: 'stavros@example.gr',
    password: 'Demo-Pelatis-2026',
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$+OgQ+q/SHPKJLOn/+OuwmA$BaDZ8tV6sRaItr1RL7FjcpmKzF21itMi/nNtEZVQgn4',
    firstName: 'Σταύρος',
    lastName: 'Ιωαννίδης',
    mobile: '+306990123456',
    userGroup: 'user',
    state: 'B',
    city: 'Θεσσαλονίκη',
    gdpr: false,
    status: 'active',
  },
] as const;

export async function seedDemoUsers(db: Db, now: Date = new Date()): Promise<number> {
  // One statement per user: D1 allows at most 100 bound parameters per statement.
  let inserted = 0;
  for (const u of DEMO_USERS) {
    const rows = await db
      .insert(users)
      .values({
        email: u.email,
        passwordHash: u.passwordHash,
        firstName: u.firstName,
        lastName: u.lastName,
        mobile: u.mobile,
        mobileVerifiedAt: now,
        emailVerifiedAt: now,
        countryIso2: 'GR',
        state: u.state,
        city: u.city,
        userGroup: u.userGroup,
        status: u.status,
        suspension: u.status === 'suspended' ? ('staff' as const) : null,
        gdprProcessingAt: u.gdpr ? now : null,
        gdprValidityAt: u.gdpr ? now : null,
        // Approved at the policy in force, so a raised version does not stop the seeded logins.
        gdprPolicyVersion: GDPR_POLICY_VERSION,
        ...('totpSecret' in u ? { totpSecret: u.totpSecret, totpEnabledAt: now } : {}),
        ...('security' in u ? { securityQuestion: u.security.question, securityAnswerHash: u.security.answerHash, birthDate: u.security.birthDate } : {}),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    inserted += rows.length;
  }
  return inserted;
}
