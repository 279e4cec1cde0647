import { and, desc, eq } from "drizzle-orm";
import { batchedRead } from "#db/batch";
import type { Database } from "#db/client";
import { affirmationCards, practiceDays } from "#db/schema";
import { type Owner, ownerIdSql } from "~/modules/auth/owner.server";
import { csvField } from "~/modules/http/csv";
import type { JournalEntry } from "./journal";
import { EVENING_ANSWER_LABELS } from "./practice.schema";

export type { JournalEntry } from "./journal";

/**
 * The buyer's journal: the days of their practice, newest first (docs/decisions/040-the-light-practice.md). The
 * words are theirs alone: every read and write is keyed by the owner, and they stay readable after access ends.
 */

const entryColumns = {
  id: practiceDays.id,
  day: practiceDays.day,
  cardId: practiceDays.cardId,
  cardTitle: affirmationCards.title,
  reflection: practiceDays.reflection,
  saidAloudAt: practiceDays.saidAloudAt,
  eveningAnswer: practiceDays.eveningAnswer,
  eveningNote: practiceDays.eveningNote,
};

function toEntry({ saidAloudAt, ...row }: { saidAloudAt: Date | null } & Omit<JournalEntry, "saidAloud">): JournalEntry {
  return { ...row, saidAloud: saidAloudAt !== null };
}

/** Every day of the owner's journal, newest first (a year of days is a few hundred short rows). */
export async function listJournal(db: Database, owner: Owner): Promise<JournalEntry[]> {
  const rows = await batchedRead(
    db,
    db
      .select(entryColumns)
      .from(practiceDays)
      .leftJoin(affirmationCards, eq(affirmationCards.id, practiceDays.cardId))
      .where(eq(practiceDays.userId, ownerIdSql(owner)))
      .orderBy(desc(practiceDays.day)),
  );
  return rows.map(toEntry);
}

/** The owner's past reflections on one card, newest first (the card's page shows them). */
export async function listCardReflections(db: Database, owner: Owner, cardId: string): Promise<{ day: string; reflection: string }[]> {
  const rows = await batchedRead(
    db,
    db
      .select({ day: practiceDays.day, reflection: practiceDays.reflection })
      .from(practiceDays)
      .where(and(eq(practiceDays.userId, ownerIdSql(owner)), eq(practiceDays.cardId, cardId)))
      .orderBy(desc(practiceDays.day)),
  );
  return rows.flatMap((row) => (row.reflection ? [{ day: row.day, reflection: row.reflection }] : []));
}

/** Changes an entry's words; false when the entry is not this user's (or is gone). */
export async function editJournalEntry(
  db: Database,
  userId: string,
  entryId: string,
  words: { reflection: string | null; note: string | null },
): Promise<boolean> {
  const changed = await db
    .update(practiceDays)
    .set({ reflection: words.reflection, eveningNote: words.note, updatedAt: new Date() })
    .where(and(eq(practiceDays.id, entryId), eq(practiceDays.userId, userId)))
    .returning({ id: practiceDays.id });
  return changed.length > 0;
}

/**
 * Deletes an entry's words, and the entry with them. The day's practice still counted: the streak and badges come
 * from the activity log, which a deleted journal entry does not rewrite.
 */
export async function deleteJournalEntry(db: Database, userId: string, entryId: string): Promise<boolean> {
  const deleted = await db
    .delete(practiceDays)
    .where(and(eq(practiceDays.id, entryId), eq(practiceDays.userId, userId)))
    .returning({ id: practiceDays.id });
  return deleted.length > 0;
}

/** The whole journal as Markdown, one section per day. */
export function journalMarkdown(entries: readonly JournalEntry[]): string {
  const days = entries.map((entry) => {
    const lines = [`## ${entry.day}: ${entry.cardTitle ?? "A card no longer in the collection"}`, ""];
    if (entry.reflection) lines.push(`Reflection: ${entry.reflection}`, "");
    lines.push(`Said it aloud: ${entry.saidAloud ? "yes" : "no"}`, "");
    if (entry.eveningAnswer) {
      lines.push(
        `Did I live it today? ${EVENING_ANSWER_LABELS[entry.eveningAnswer]}${entry.eveningNote ? `. ${entry.eveningNote}` : ""}`,
        "",
      );
    }
    return lines.join("\n");
  });
  return ["# My LIGHT Cards journal", "", ...days].join("\n").trimEnd().concat("\n");
}

/** The whole journal as CSV (RFC 4180), one row per day. */
export function journalCsv(entries: readonly JournalEntry[]): string {
  const header = ["date", "card", "reflection", "said_aloud", "evening_answer", "evening_note"].join(",");
  const rows = entries.map((entry) =>
    [
      csvField(entry.day),
      csvField(entry.cardTitle),
      csvField(entry.reflection),
      csvField(entry.saidAloud ? "yes" : "no"),
      csvField(entry.eveningAnswer ? EVENING_ANSWER_LABELS[entry.eveningAnswer] : null),
      csvField(entry.eveningNote),
    ].join(","),
  );
  return `${[header, ...rows].join("\r\n")}\r\n`;
}
