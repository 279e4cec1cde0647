import type { Database } from "#db/client";
import { adminAuditLog } from "#db/schema";

/** Who did it, for the audit log (the dev button acts as the typed email itself). */
export type Actor = { userId: string | null; email: string };

/** Changes the app makes by itself (a duplicate payment refunded, a lost dispute) are logged under this name. */
export const SYSTEM_ACTOR: Actor = { userId: null, email: "system" };

export type AuditTarget = { email: string; userId: string | null };

/** The audit row as a statement, so it can join the change it records in one D1 batch. No target: a site setting. */
export function auditRow(db: Database, actor: Actor, action: string, target: AuditTarget | null, detail?: Record<string, unknown>) {
  return db.insert(adminAuditLog).values({
    actorUserId: actor.userId,
    actorEmail: actor.email,
    action,
    targetEmail: target?.email ?? null,
    targetUserId: target?.userId ?? null,
    detail: detail ?? null,
  });
}

export async function recordAudit(
  db: Database,
  actor: Actor,
  action: string,
  target: AuditTarget | null,
  detail?: Record<string, unknown>,
) {
  await auditRow(db, actor, action, target, detail);
}
