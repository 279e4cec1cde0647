import { z } from "zod";

/** The forms of /today and /journal (docs/decisions/040-the-light-practice.md); the browser checks them with conform too. */

export const REFLECTION_MAX = 1000;
export const REFLECTION_TOO_LONG = `Your reflection can be at most ${REFLECTION_MAX.toLocaleString("en-US")} characters.`;

const reflectionText = z
  .string()
  .trim()
  .max(REFLECTION_MAX, REFLECTION_TOO_LONG)
  .optional()
  .transform((text) => text || null);

export const eveningAnswerSchema = z.enum(["yes", "partly", "not-yet"], { message: "Choose Yes, Partly or Not yet." });

export const EVENING_ANSWER_LABELS = { yes: "Yes", partly: "Partly", "not-yet": "Not yet" } as const;

export const practiceActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("reflect"), reflection: reflectionText }),
  z.object({ intent: z.literal("said-aloud") }),
  z.object({ intent: z.literal("evening"), answer: eveningAnswerSchema, note: reflectionText }),
  /** "Practise this card", from a card's page. */
  z.object({ intent: z.literal("practise"), cardId: z.string().min(1).max(100) }),
]);

export const journalEditSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("edit"),
    entryId: z.string().min(1).max(64),
    reflection: reflectionText,
    note: reflectionText,
  }),
  z.object({ intent: z.literal("delete"), entryId: z.string().min(1).max(64) }),
]);
