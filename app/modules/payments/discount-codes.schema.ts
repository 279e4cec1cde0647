import { z } from "zod";

/**
 * Discount codes: what a buyer types at checkout and what the admin fills in on /admin. Client-safe: the admin form
 * validates with the same schema as its action (docs/decisions/050-codes-and-refunds.md).
 */

/** Stripe's promotion codes allow letters, digits and dashes; the app keeps them upper-cased, so case never matters. */
const CODE_PATTERN = /^[A-Z0-9-]+$/;

export const APPLY_CODE_INTENT = "apply-code";
export const REMOVE_CODE_INTENT = "remove-code";

/** The code a buyer typed. */
export const typedCodeSchema = z
  .string({ error: "Enter a code." })
  .trim()
  .min(1, "Enter a code.")
  .max(40, "No code is that long. Check what you typed.")
  .transform((code) => code.toUpperCase())
  .pipe(z.string().regex(CODE_PATTERN, "A code has only letters, digits and dashes."));

export const CREATE_CODE_INTENT = "code-create";
export const END_CODE_INTENT = "code-end";

const optionalNumber = (schema: z.ZodType<number, unknown>) =>
  z.preprocess((value) => (value === "" || value === undefined || value === null ? undefined : value), schema.optional());

/** The admin's new code: percent or amount off, an optional last day and an optional number of uses. */
export const createCodeSchema = z
  .object({
    intent: z.literal(CREATE_CODE_INTENT),
    code: z
      .string({ error: "Name the code." })
      .trim()
      .min(3, "A code has at least 3 characters.")
      .max(40, "A code has at most 40 characters.")
      .transform((code) => code.toUpperCase())
      .pipe(z.string().regex(CODE_PATTERN, "Use letters, digits and dashes only.")),
    kind: z.enum(["percent", "amount"], { error: "Choose percent or amount off." }),
    percentOff: optionalNumber(
      z.coerce.number({ error: "Enter a whole percent." }).int("Enter a whole percent.").min(1, "At least 1%.").max(90, "At most 90%."),
    ),
    amountOff: optionalNumber(z.coerce.number({ error: "Enter an amount, like 5 or 5.50." }).positive("Enter an amount above zero.")),
    /** The last day the code works (YYYY-MM-DD, through its end in UTC). */
    lastDay: z
      .string()
      .trim()
      .regex(/^(\d{4}-\d{2}-\d{2})?$/, "Pick a date.")
      .optional(),
    maxUses: optionalNumber(
      z.coerce.number({ error: "Enter a whole number." }).int("Enter a whole number.").min(1, "At least 1 use.").max(100_000),
    ),
  })
  .superRefine((value, context) => {
    if (value.kind === "percent" && value.percentOff === undefined) {
      context.addIssue({ code: "custom", path: ["percentOff"], message: "Enter the percent off." });
    }
    if (value.kind === "amount" && value.amountOff === undefined) {
      context.addIssue({ code: "custom", path: ["amountOff"], message: "Enter the amount off." });
    }
  });

export type CreateCodeInput = z.infer<typeof createCodeSchema>;

export const endCodeSchema = z.object({ intent: z.literal(END_CODE_INTENT), codeId: z.string().uuid() });

/** What a code takes off: the shape both the D1 row and the checkout's summary carry. */
export type CodeDiscount = { percentOff: number | null; amountOffCents: number | null };

/**
 * The discount in cents on a price: a percent rounds to the nearest cent (as Stripe rounds), an amount never exceeds the
 * price. The one formula behind the summary, the test payment and fulfilment's check of what was paid.
 */
export function discountCents(priceCents: number, discount: CodeDiscount): number {
  if (discount.percentOff) return Math.round((priceCents * discount.percentOff) / 100);
  return Math.min(discount.amountOffCents ?? 0, priceCents);
}

/** Stripe's smallest card charge (USD and most currencies): a code may not take the price below it. */
export const MINIMUM_CHARGE_CENTS = 50;
