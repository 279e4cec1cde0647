/**
 * What the buyer's own practice adds to a card's page (its past reflections, decision 040), as one version per card
 * for the installed app's offline copy (docs/decisions/025-installable-offline.md): a page is fetched again when it
 * changes. Never the words themselves: their count and when the last of them changed.
 */
import { and, count, eq, isNotNull, max } from "drizzle-orm";
import { batchedRead } from "#db/batch";
import type { Database } from "#db/client";
import { practiceDays } from "#db/schema";

export async function reflectionVersionsByCard(db: Database, userId: string): Promise<Map<string, string>> {
  const rows = await batchedRead(
    db,
    db
      .select({ cardId: practiceDays.cardId, reflections: count(), changedAt: max(practiceDays.updatedAt) })
      .from(practiceDays)
      .where(and(eq(practiceDays.userId, userId), isNotNull(practiceDays.reflection)))
      .groupBy(practiceDays.cardId),
  );
  return new Map(rows.flatMap((row) => (row.cardId ? [[row.cardId, `${row.reflections}@${row.changedAt?.getTime() ?? 0}`] as const] : [])));
}
