// The free-hosting panel password at rest (issue #32 §3, decision 091): sealed with the configuration's
// secrets key before it is written, opened only for the page's reveal, on that request. Nothing else
// reads it: the status message, the live events (and so the user's live-event log), the archive and
// every log carry at most whether one is set. The cron's pass seals the rows written in plain text
// before this existed and seals again, under the current key, what an old key of a rotation sealed.
import { and, isNotNull, ne, or } from 'drizzle-orm';
import { ErrorCode } from '../../../core/errors';
import { hostingServices } from '../../../db/schema';
import { configOf } from '../../config';
import { createSecretBox, SecretUnreadable, type SecretBox, type Sealed } from '../../security/secret-box';
import type { ServiceDeps } from '../deps';
import type { HostingServiceRow } from './service-records';

/** Rows per cron pass: the next pass takes the rest. */
export const PANEL_SECRET_BATCH = 100;

/** The additional data of a row's seal: its ciphertext opens on this row's field only. */
export const panelSecretWhere = (serviceId: number) => `hosting_services:${serviceId}:panel_password`;

export type RevealOutcome = { ok: true; password: string } | { ok: false; code: number; status: number; cause?: SecretUnreadable };

const sealedOf = (row: Pick<HostingServiceRow, 'panelSecret' | 'panelSecretIv' | 'panelSecretKey'>): Sealed | null =>
  row.panelSecret && row.panelSecretIv && row.panelSecretKey !== null ? { ciphertext: row.panelSecret, iv: row.panelSecretIv, keyVersion: row.panelSecretKey } : null;

/** Whether the row holds a panel password (sealed, or a legacy plain one not yet sealed). */
export const hasPanelPassword = (row: Pick<HostingServiceRow, 'panelSecret' | 'legacyPanelPassword'> | null): boolean => Boolean(row?.panelSecret || row?.legacyPanelPassword);

export function createPanelSecrets(deps: Pick<ServiceDeps, 'db' | 'env'>, box: SecretBox = createSecretBox(configOf(deps.env).secrets)) {
  const { db } = deps;
  const d1 = db.$client;

  return {
    /** The columns to write for a new password of the row. */
    async seal(serviceId: number, password: string): Promise<Sealed> {
      return box.seal(password, panelSecretWhere(serviceId));
    },

    /**
     * The password, opened for this request only. A row not yet sealed answers its legacy plain text
     * (the pass has not come by yet). A seal the ring does not open: 44170, never anything else.
     */
    async reveal(row: HostingServiceRow): Promise<RevealOutcome> {
      const sealed = sealedOf(row);
      if (!sealed) return row.legacyPanelPassword ? { ok: true, password: row.legacyPanelPassword } : { ok: false, code: ErrorCode.ACTION_NOT_ALLOWED, status: 404 };
      try {
        return { ok: true, password: await box.open(sealed, panelSecretWhere(row.id)) };
      } catch (e) {
        if (!(e instanceof SecretUnreadable)) throw e;
        // Someone has to configure the key: the line says which row, why and which version, never a value.
        console.warn(JSON.stringify({ event: 'secret_unreadable', where: panelSecretWhere(row.id), reason: e.reason, keyVersion: e.keyVersion }));
        return { ok: false, code: ErrorCode.PANEL_PASSWORD_UNREADABLE, status: 500, cause: e };
      }
    },

    /**
     * One pass: seals every legacy plain password and empties its column, and seals again under the
     * current key what an older key sealed. Each row is written by one statement conditional on what was
     * read, so a pass racing another (or a new password) changes nothing twice. A seal the ring cannot
     * open stays as it is and is counted: the reveal answers 44170 for it until the key is configured.
     */
    async sealPending(): Promise<{ sealed: number; resealed: number; unreadable: number }> {
      const rows = await db
        .select()
        .from(hostingServices)
        .where(or(isNotNull(hostingServices.legacyPanelPassword), and(isNotNull(hostingServices.panelSecret), ne(hostingServices.panelSecretKey, box.currentVersion))))
        .limit(PANEL_SECRET_BATCH);
      let sealed = 0;
      let resealed = 0;
      let unreadable = 0;
      for (const row of rows) {
        const where = panelSecretWhere(row.id);
        const old = sealedOf(row);
        let plain: string;
        if (row.legacyPanelPassword !== null && !old) plain = row.legacyPanelPassword;
        else if (old) {
          try {
            plain = await box.open(old, where);
          } catch (e) {
            if (!(e instanceof SecretUnreadable)) throw e;
            unreadable += 1;
            continue;
          }
        } else continue;
        const next = await box.seal(plain, where);
        const done = await d1
          .prepare(
            `UPDATE hosting_services SET panel_secret = ?, panel_secret_iv = ?, panel_secret_key = ?, panel_password = NULL
             WHERE id = ? AND panel_password IS ? AND panel_secret IS ? AND panel_secret_key IS ? RETURNING id`,
          )
          .bind(next.ciphertext, next.iv, next.keyVersion, row.id, row.legacyPanelPassword, row.panelSecret, row.panelSecretKey)
          .first<{ id: number }>();
        if (!done) continue;
        if (old) resealed += 1;
        else sealed += 1;
      }
      return { sealed, resealed, unreadable };
    },
  };
}

export type PanelSecrets = ReturnType<typeof createPanelSecrets>;
