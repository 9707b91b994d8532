// What a personal-data archive holds (issue #24 §3): everything we keep on one customer, one JSON file
// per subject plus the PDFs of their legal documents, and a README. Every list is read in keyset pages
// (id > last, PAGE rows) and written to the ZIP page by page, so the 2,000-name account never sits in
// memory whole (decision 076). Secrets (password and answer hashes, two-factor secrets) are left out:
// they are ours to check with, not data about the person, and an archive must not leak them. A name
// that passed between accounts contributes only what happened while the owner held it, and no row
// names the other side (own-rows.ts, decision 089).
import { and, asc, eq, gt, inArray, or, sql, sum, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import {
  auditLog,
  billingProfiles,
  consentEvents,
  contacts,
  creditMovements,
  domainContacts,
  domainFavourites,
  domainHandovers,
  domains,
  hostingServices,
  hosts,
  legalDocumentFiles,
  nameserverGroups,
  notifications,
  orderItems,
  orders,
  payments,
  saleDocumentLines,
  saleDocuments,
  users,
} from '../../../db/schema';
import type { ServiceDeps } from '../deps';
import { createLegalDocumentService } from '../documents';
import { userRoom } from '../accounts';
import { userStub } from '../platform';
import { auditRowFor, transferRowFor } from '../../../core/archive-rows';
import { cleanedSink, ownershipOf, type Ownership } from './own-rows';
import type { ZipSink } from './zip-sink';

/** Rows per read; children are read by the page's ids, so this stays under D1's 100 parameters. */
export const PAGE = 90;

type Row = Record<string, unknown>;
type Counts = Record<string, number>;

const SECRET_USER_FIELDS = ['passwordHash', 'securityAnswerHash', 'totpSecret', 'totpPendingSecret', 'totpLastCounter', 'failedLogins'] as const;
/** A hosting row's panel password, sealed or (not yet sealed) plain: never in an archive (decision 091). */
const SECRET_HOSTING_FIELDS = ['legacyPanelPassword', 'panelSecret', 'panelSecretIv', 'panelSecretKey'] as const;

/** A hosting row for the archive: where its panel password is shown instead of the password. */
function hostingRowFor(row: typeof hostingServices.$inferSelect): Row {
  const out = without(row, SECRET_HOSTING_FIELDS);
  if ((row.panelSecret || row.legacyPanelPassword) && row.kind === 'free' && row.domain) out.panelPassword = { inArchive: false, seeAt: `/account/domains/${row.domain}/hosting` };
  return out;
}

/** Reads a table in id order, a page at a time, until a short page. */
async function* pages<T extends { id: number }>(read: (after: number) => Promise<T[]>): AsyncGenerator<T[]> {
  let after = 0;
  for (;;) {
    const rows = await read(after);
    if (rows.length) yield rows;
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1]!.id;
  }
}

function groupBy<T extends Row>(rows: T[], key: keyof T): Map<unknown, T[]> {
  const map = new Map<unknown, T[]>();
  for (const r of rows) {
    const list = map.get(r[key]);
    if (list) list.push(r);
    else map.set(r[key], [r]);
  }
  return map;
}

function without<T extends Row>(row: T, fields: readonly string[]): Row {
  const copy: Row = { ...row };
  for (const f of fields) delete copy[f];
  return copy;
}

export const README = `Personal data archive / Αρχείο προσωπικών δεδομένων
=====================================================

EN — Everything we hold about you, in machine-readable form (JSON, UTF-8; times are ISO 8601 UTC;
amounts are integer euro cents). Article 15 and 20 GDPR.

  profile.json             your account: personal details, language, consents' current state,
                           billing profiles, nameserver groups, favourite names
  consents.json            every change of a consent with its time, source and IP (history)
  contacts.json            your contact profiles (registrant, admin, tech, billing)
  domains.json             your domains with their nameservers, hosts (glue records) and contacts by role
  domain-holdings.json     names that passed between you and another account: when you held each
  domain-transfers.json    ownership offers you sent or received (without the other account's details)
  hosting.json             your hosting services; a free hosting's control-panel password is not in
                           this archive: its panelPassword.seeAt names the page that shows it
  orders.json              your orders with their items
  documents.json           sale documents (orders, receipts, invoices, credit notes, payments, debits)
                           with their lines and files; the PDFs are in documents/
  payments.json            card and bank-transfer payments
  credit.json              credit balance and every movement
  sessions.json            the browsers logged in to your account now
  notifications.json       notifications we sent you
  audit.json               staff actions on your account, orders, documents and payments, and on your
                           domains while you held them
  manifest.json            what this archive holds (files, rows), written last

EL — Όλα όσα κρατάμε για εσάς, σε μηχαναγνώσιμη μορφή (JSON, UTF-8· ώρες ISO 8601 UTC· ποσά σε
λεπτά του ευρώ). Άρθρα 15 και 20 ΓΚΠΔ. Τα αρχεία είναι όπως παραπάνω· τα PDF των παραστατικών
βρίσκονται στον φάκελο documents/. Ο κωδικός του πίνακα ελέγχου μιας δωρεάν φιλοξενίας δεν περιέχεται
στο αρχείο: το panelPassword.seeAt του hosting.json δείχνει τη σελίδα όπου εμφανίζεται.
`;

export function createArchiveContents(deps: ServiceDeps) {
  const { db } = deps;

  /** One JSON array file from a keyset-paged read, each page's rows shaped by `shape`. */
  async function list<T extends { id: number }>(zip: ZipSink, name: string, read: (after: number) => Promise<T[]>, shape: (rows: T[]) => Promise<Row[]> | Row[] = (r) => r): Promise<number> {
    const out = zip.jsonArray(name);
    let n = 0;
    for await (const page of pages(read)) {
      const rows = await shape(page);
      for (const row of rows) out.write(row);
      n += rows.length;
      await out.flush();
    }
    await out.end();
    return n;
  }

  function byUser<T extends SQLiteTable & { id: SQLiteColumn; userId: SQLiteColumn }>(table: T, userId: number) {
    return (after: number) =>
      db
        .select()
        .from(table as SQLiteTable)
        .where(and(eq(table.userId, userId), gt(table.id, after)))
        .orderBy(asc(table.id))
        .limit(PAGE) as unknown as Promise<(Row & { id: number })[]>;
  }

  async function profile(zip: ZipSink, userId: number): Promise<Counts> {
    const [u] = await db.select().from(users).where(eq(users.id, userId));
    if (!u) throw new Error('archive: unknown user');
    const [billing, groups, favourites] = await Promise.all([
      db.select().from(billingProfiles).where(eq(billingProfiles.userId, userId)).orderBy(asc(billingProfiles.id)),
      db.select().from(nameserverGroups).where(eq(nameserverGroups.userId, userId)).orderBy(asc(nameserverGroups.id)),
      db.select().from(domainFavourites).where(eq(domainFavourites.userId, userId)),
    ]);
    const account = without(u, SECRET_USER_FIELDS);
    account.twoFactor = { authenticatorApp: u.totpEnabledAt !== null, email: u.emailTwoFactor };
    account.securityQuestionSet = u.securityQuestion !== null;
    await zip.text('profile.json', `${JSON.stringify({ account, billingProfiles: billing, nameserverGroups: groups, favouriteNames: favourites }, null, 2)}\n`);
    return { billingProfiles: billing.length, nameserverGroups: groups.length, favouriteNames: favourites.length };
  }

  async function consents(zip: ZipSink, userId: number): Promise<number> {
    const [u] = await db.select({ newsletter: users.newsletter, processingAt: users.gdprProcessingAt, validityAt: users.gdprValidityAt, communication: users.gdprCommunication, email: users.email }).from(users).where(eq(users.id, userId));
    const out = zip.jsonArray('consents.json');
    // The current state first, then the history (consent_events, decision 068) oldest first; a
    // newsletter subscription recorded by address before the account existed is theirs too.
    out.write({ current: { processingApprovedAt: u?.processingAt ?? null, validityApprovedAt: u?.validityAt ?? null, communication: u?.communication ?? false, newsletter: u?.newsletter ?? false } });
    let n = 0;
    const mine = u ? or(eq(consentEvents.userId, userId), eq(consentEvents.email, u.email)) : eq(consentEvents.userId, userId);
    for await (const page of pages((after) => db.select().from(consentEvents).where(and(mine, gt(consentEvents.id, after))).orderBy(asc(consentEvents.id)).limit(PAGE))) {
      // The staff member who recorded a change (an erasure) is not the customer's to know by id.
      for (const row of page) out.write({ history: without(row, ['actorId']) });
      n += page.length;
      await out.flush();
    }
    await out.end();
    return n;
  }

  async function domainsWithChildren(rows: (typeof domains.$inferSelect)[], own: Ownership): Promise<Row[]> {
    const ids = rows.map((d) => d.id);
    const [hostRows, roleRows] = await Promise.all([
      db.select().from(hosts).where(inArray(hosts.domainId, ids)).orderBy(asc(hosts.id)),
      db.select().from(domainContacts).where(inArray(domainContacts.domainId, ids)),
    ]);
    const hostsOf = groupBy(hostRows, 'domainId');
    const rolesOf = groupBy(roleRows, 'domainId');
    return rows.map((d) => ({
      ...d,
      heldSince: own.heldSince(d.id),
      hosts: (hostsOf.get(d.id) ?? []).map((h) => ({ name: h.name, ips: h.ips, status: h.status, createdAt: h.createdAt })),
      contacts: Object.fromEntries((rolesOf.get(d.id) ?? []).map((r) => [r.role, r.contactId])),
    }));
  }

  async function ordersWithItems(rows: (typeof orders.$inferSelect)[]): Promise<Row[]> {
    const items = await db.select().from(orderItems).where(inArray(orderItems.orderId, rows.map((o) => o.id))).orderBy(asc(orderItems.id));
    const itemsOf = groupBy(items, 'orderId');
    return rows.map((o) => ({ ...o, items: itemsOf.get(o.id) ?? [] }));
  }

  /** Documents with their lines and files; each PDF is copied from R2 into documents/ after the page. */
  async function documents(zip: ZipSink, userId: number): Promise<Counts> {
    const legal = createLegalDocumentService(deps);
    const out = zip.jsonArray('documents.json');
    let n = 0;
    let pdfs = 0;
    const pdfQueue: { path: string; objectKey: string }[] = [];
    for await (const page of pages(byUser(saleDocuments, userId) as unknown as (after: number) => Promise<(typeof saleDocuments.$inferSelect)[]>)) {
      const ids = page.map((d) => d.id);
      // A legal document whose PDF was never asked for has none yet: render it now (it is stored in
      // R2 like any other), so the archive holds every invoice and receipt as a PDF.
      const have = new Set((await db.selectDistinct({ id: legalDocumentFiles.documentId }).from(legalDocumentFiles).where(inArray(legalDocumentFiles.documentId, ids))).map((r) => r.id));
      for (const d of page) if (!have.has(d.id) && (d.kind === 'invoice' || d.kind === 'receipt' || d.kind === 'credit')) await legal.ensurePdf(d.id);
      const [lines, files] = await Promise.all([
        db.select().from(saleDocumentLines).where(inArray(saleDocumentLines.documentId, ids)).orderBy(asc(saleDocumentLines.documentId), asc(saleDocumentLines.position)),
        db.select().from(legalDocumentFiles).where(inArray(legalDocumentFiles.documentId, ids)).orderBy(asc(legalDocumentFiles.id)),
      ]);
      const linesOf = groupBy(lines, 'documentId');
      const filesOf = groupBy(files, 'documentId');
      for (const d of page) {
        const own = (filesOf.get(d.id) ?? []).map((f) => {
          const path = `documents/${d.id}-${f.id}-${f.filename.replace(/[^\p{L}\p{N}._-]/gu, '_')}`;
          pdfQueue.push({ path, objectKey: f.objectKey });
          return { id: f.id, filename: f.filename, source: f.source, sizeBytes: f.sizeBytes, sha256: f.sha256, createdAt: f.createdAt, inArchive: path };
        });
        out.write({ ...d, lines: linesOf.get(d.id) ?? [], files: own });
      }
      n += page.length;
      await out.flush();
    }
    await out.end();
    // PDFs after the JSON (a ZIP takes one file at a time), each streamed from R2 chunk by chunk.
    for (const f of pdfQueue) {
      const object = await deps.env.FILES.get(f.objectKey);
      if (!object) continue;
      await zip.stream(f.path, object.body);
      pdfs++;
    }
    return { documents: n, pdfs };
  }

  async function paymentsOf(zip: ZipSink, userId: number): Promise<number> {
    const mine: SQL = sql`(${payments.orderId} IN (SELECT id FROM orders WHERE user_id = ${userId}) OR ${payments.documentId} IN (SELECT id FROM sale_documents WHERE user_id = ${userId}))`;
    return list(zip, 'payments.json', (after) => db.select().from(payments).where(and(mine, gt(payments.id, after))).orderBy(asc(payments.id)).limit(PAGE));
  }

  async function credit(zip: ZipSink, userId: number): Promise<number> {
    const [balance] = await db.select({ cents: sum(creditMovements.amountCents) }).from(creditMovements).where(eq(creditMovements.userId, userId));
    const out = zip.jsonArray('credit.json');
    out.write({ balanceCents: Number(balance?.cents ?? 0) });
    let n = 0;
    for await (const page of pages(byUser(creditMovements, userId))) {
      for (const row of page) out.write({ movement: row });
      n += page.length;
      await out.flush();
    }
    await out.end();
    return n;
  }

  async function sessions(zip: ZipSink, userId: number): Promise<number> {
    // The session list lives in the user's Durable Object (DESIGN.md). Its ids are hashes of the
    // cookies: left out, they say nothing to the customer.
    const rows = await (await userStub(deps, userRoom(userId))).listSessions(deps.now.getTime());
    await zip.text('sessions.json', `${JSON.stringify(rows.map((s) => ({ createdAt: new Date(s.createdAt), lastSeenAt: new Date(s.lastSeenAt), ip: s.ip, userAgent: s.userAgent, kind: s.kind })), null, 2)}\n`);
    return rows.length;
  }

  async function audit(zip: ZipSink, userId: number, own: Ownership): Promise<number> {
    // Staff actions on the customer and on what is theirs; the staff member's IP and account are not
    // theirs to get. A name that passed between accounts: only the rows of while they held it.
    const id = String(userId);
    const about: SQL = sql`(
      (${auditLog.targetType} = 'user' AND ${auditLog.targetId} = ${id})
      OR (${auditLog.targetType} = 'order' AND ${auditLog.targetId} IN (SELECT CAST(id AS TEXT) FROM orders WHERE user_id = ${userId}))
      OR (${auditLog.targetType} = 'domain' AND (${auditLog.targetId} IN (SELECT CAST(id AS TEXT) FROM domains WHERE user_id = ${userId})
        OR ${auditLog.targetId} IN (SELECT CAST(domain_id AS TEXT) FROM domain_holder_changes WHERE from_user_id = ${userId} OR to_user_id = ${userId})))
      OR (${auditLog.targetType} = 'sale_document' AND ${auditLog.targetId} IN (SELECT CAST(id AS TEXT) FROM sale_documents WHERE user_id = ${userId}))
      OR (${auditLog.targetType} = 'payment' AND ${auditLog.targetId} IN (SELECT CAST(p.id AS TEXT) FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.user_id = ${userId}))
    )`;
    return list(
      zip,
      'audit.json',
      (after) => db.select().from(auditLog).where(and(about, gt(auditLog.id, after))).orderBy(asc(auditLog.id)).limit(PAGE),
      (rows) => rows.filter((r) => r.targetType !== 'domain' || own.heldAt(Number(r.targetId), r.createdAt)).map((r) => auditRowFor(r, userId)),
    );
  }

  /** The periods the customer held each name that passed between them and another account. */
  async function holdings(zip: ZipSink, own: Ownership): Promise<number> {
    const out = zip.jsonArray('domain-holdings.json');
    for (const h of own.holdings) {
      out.write({ domainId: h.domainId, fqdn: own.changed.get(h.domainId)?.fqdn ?? null, from: h.from === null ? null : new Date(h.from), until: h.until === null ? null : new Date(h.until), came: h.came, left: h.left });
    }
    await out.end();
    return own.holdings.length;
  }

  return {
    /** Writes every file of the archive into `zip`; returns the row counts for the manifest. */
    async write(raw: ZipSink, userId: number): Promise<Counts> {
      const counts: Counts = {};
      await raw.text('README.txt', README);
      const own = await ownershipOf(deps, userId);
      // Every section writes through the owner's cleaner: no other account's address leaves.
      const zip = cleanedSink(raw, own.clean);
      Object.assign(counts, await profile(zip, userId));
      counts.consentEvents = await consents(zip, userId);
      counts.contacts = await list(zip, 'contacts.json', byUser(contacts, userId));
      counts.domains = await list(zip, 'domains.json', byUser(domains, userId) as unknown as (after: number) => Promise<(typeof domains.$inferSelect)[]>, (rows) => domainsWithChildren(rows, own));
      counts.domainHoldings = await holdings(zip, own);
      counts.domainTransfers = await list(zip, 'domain-transfers.json', (after) =>
        db.select().from(domainHandovers).where(and(or(eq(domainHandovers.fromUserId, userId), eq(domainHandovers.toUserId, userId)), gt(domainHandovers.id, after))).orderBy(asc(domainHandovers.id)).limit(PAGE),
        (rows) => rows.map((h) => transferRowFor(h, userId)),
      );
      counts.hosting = await list(zip, 'hosting.json', byUser(hostingServices, userId) as unknown as (after: number) => Promise<(typeof hostingServices.$inferSelect)[]>, (rows) => rows.map(hostingRowFor));
      counts.orders = await list(zip, 'orders.json', byUser(orders, userId) as unknown as (after: number) => Promise<(typeof orders.$inferSelect)[]>, ordersWithItems);
      Object.assign(counts, await documents(zip, userId));
      counts.payments = await paymentsOf(zip, userId);
      counts.creditMovements = await credit(zip, userId);
      counts.sessions = await sessions(zip, userId);
      // A notice's author (staff) is not the customer's to know by id.
      counts.notifications = await list(zip, 'notifications.json', byUser(notifications, userId), (rows) => rows.map((r) => without(r, ['createdBy'])));
      counts.audit = await audit(zip, userId, own);
      return counts;
    },
  };
}
