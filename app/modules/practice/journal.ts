import type { EveningAnswer } from "#db/schema";

/** A day of the journal as pages show it (journal.server.ts reads it). Client-safe. */
export type JournalEntry = {
  id: string;
  day: string;
  cardId: string | null;
  cardTitle: string | null;
  reflection: string | null;
  saidAloud: boolean;
  eveningAnswer: EveningAnswer | null;
  eveningNote: string | null;
};
