// Reading what the sandbox mail and SMS ports sent (development only: the routes check APP_ENV).
import { desc, eq } from 'drizzle-orm';
import { outbox } from '../../../db/schema';
import type { ServiceDeps } from '../deps';

export type OutboxMessage = { id: number; channel: 'email' | 'sms'; to: string; subject: string; body: string; tag: string | null; headers: Record<string, string>; createdAt: string };

export function createOutboxService({ db }: ServiceDeps) {
  return {
    async list(filter: { to?: string; limit?: number } = {}): Promise<OutboxMessage[]> {
      const rows = await db
        .select()
        .from(outbox)
        .where(filter.to ? eq(outbox.to, filter.to.trim().toLowerCase()) : undefined)
        .orderBy(desc(outbox.id))
        .limit(Math.min(filter.limit ?? 100, 500));
      return rows.map((r) => ({
        id: r.id,
        channel: r.channel,
        to: r.to,
        subject: r.subject,
        body: r.body,
        tag: typeof r.meta.tag === 'string' ? r.meta.tag : null,
        headers: r.meta.headers && typeof r.meta.headers === 'object' ? (r.meta.headers as Record<string, string>) : {},
        createdAt: r.createdAt.toISOString(),
      }));
    },
  };
}
