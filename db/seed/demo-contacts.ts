// The demo customer's contact profiles and the roles they hold on the demo domains (issue #12 §4), so
// the portal has something to show on a fresh `npm start`. Idempotent: a second run adds nothing.
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { contacts, domainContacts, domains, users } from '../schema';

type DemoContact = Omit<typeof contacts.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;

export const DEMO_CONTACTS: readonly (DemoContact & { email: string; owner: string; roles?: readonly ('registrant' | 'admin' | 'tech' | 'billing')[] })[] = [
  {
    owner: 'demo@example.gr',
    kind: 'individual',
    firstName: 'Μαρία',
    lastName: 'Παπαδοπούλου',
    firstNameInt: 'Maria',
    lastNameInt: 'Papadopoulou',
    email: 'demo@example.gr',
    phone: '+30.2101234567',
    address: 'Ερμού 10',
    city: 'Αθήνα',
    postcode: '10563',
    countryIso2: 'GR',
    roles: ['registrant', 'admin', 'billing'],
  },
  {
    owner: 'demo@example.gr',
    kind: 'organisation',
    firstName: 'Νίκος',
    lastName: 'Τεχνικός',
    // Latin names: kafeneio.com's registry publishes Latin data (core/contacts/readiness.ts).
    firstNameInt: 'Nikos',
    lastNameInt: 'Technikos',
    organisation: 'Καφενείο Ο.Ε.',
    vatNumber: '094014201',
    email: 'tech@example.gr',
    phone: '+30.2107654321',
    address: 'Αθηνάς 5',
    city: 'Αθήνα',
    postcode: '10551',
    countryIso2: 'GR',
    roles: ['tech'],
  },
  {
    // 'incomplete data' (spec §5 required_contact): no postcode and no Latin names, as contacts brought
    // by a transfer; the portal's 'Complete it' flow makes them usable.
    owner: 'demo@example.gr',
    kind: 'individual',
    firstName: 'Γιώργος',
    lastName: 'Νικολάου',
    email: 'giorgos@example.gr',
    phone: '+30.6944123456',
    address: 'Πατησίων 20',
    city: 'Αθήνα',
    postcode: '',
    countryIso2: 'GR',
    incomplete: true,
  },
  {
    owner: 'demo@example.gr',
    kind: 'individual',
    firstName: 'Ελένη',
    lastName: 'Σταύρου',
    email: 'eleni@example.gr',
    phone: '+30.6944654321',
    address: 'Τσιμισκή 40',
    city: 'Θεσσαλονίκη',
    postcode: '',
    countryIso2: 'GR',
    incomplete: true,
  },
];

export async function seedDemoContacts(db: Db, now: Date = new Date()): Promise<number> {
  let inserted = 0;
  const owners = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, [...new Set(DEMO_CONTACTS.map((c) => c.owner))]));
  for (const owner of owners) {
    const mine = DEMO_CONTACTS.filter((c) => c.owner === owner.email);
    const existing = await db.select({ id: contacts.id, email: contacts.email }).from(contacts).where(eq(contacts.userId, owner.id));
    if (existing.length) continue;
    const held = await db.select({ id: domains.id }).from(domains).where(eq(domains.userId, owner.id));
    for (const { owner: _o, roles, ...c } of mine) {
      const [row] = await db.insert(contacts).values({ ...c, userId: owner.id, createdAt: now, updatedAt: now }).returning({ id: contacts.id });
      inserted += 1;
      for (const d of held) {
        for (const role of roles ?? []) {
          await db
            .insert(domainContacts)
            .values({ domainId: d.id, role, contactId: row!.id, updatedAt: now })
            .onConflictDoNothing();
        }
      }
    }
  }


  return inserted;
}
