/**
 * Input of the A/B tests: the placement a buy button carries, the preview-click beacon, and the admin's forms.
 * Client-safe: the admin page validates with the same schema in the browser (conform) and on the server.
 */
import { z } from "zod";
import { CTA_PLACEMENTS, EXPERIMENTS, VARIANTS } from "~/modules/experiments/experiments";

export const ctaPlacementSchema = z.enum(CTA_PLACEMENTS);

/** POST /api/experiments/events: what was clicked in the landing page's preview. */
export const previewClickSchema = z.object({
  event: z.literal("preview_click"),
  target: z.enum(["tab", "card"]),
});

export const SPLIT_MESSAGE = "The share of B is a whole number from 0 to 100.";
const experimentField = z.enum(EXPERIMENTS, { error: "Choose a test." });

/** The Experiments section of /admin: one form per test, one intent per button. */
export const experimentFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("experiment-split"),
      experiment: experimentField,
      // A string first: an empty field must not quietly become 0.
      splitB: z
        .string({ error: SPLIT_MESSAGE })
        .trim()
        .regex(/^\d{1,3}$/, SPLIT_MESSAGE)
        .transform(Number)
        .pipe(z.number().max(100, SPLIT_MESSAGE)),
    }),
    z.object({ intent: z.literal("experiment-pause"), experiment: experimentField }),
    z.object({ intent: z.literal("experiment-resume"), experiment: experimentField }),
    z.object({
      intent: z.literal("experiment-end"),
      experiment: experimentField,
      winner: z.enum(VARIANTS, { error: "Choose the winner, A or B." }),
      // The End buttons post without it and get the confirmation step; only its "Yes" button sends it.
      confirmed: z.literal("yes").optional(),
    }),
  ],
  { error: "Choose what to change." },
);
export type ExperimentForm = z.infer<typeof experimentFormSchema>;
