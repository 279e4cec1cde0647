import { z } from "zod";

/** The refund page's form (client-safe): the buyer's optional reason, kept for the owner (050). */
export const selfRefundSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(500, "Please keep the reason under 500 characters.")
    .optional()
    .transform((reason) => reason || null),
});

/** What /settings and its refund page show of the buyer's purchase (dates in UTC, formatted on the server). */
export type RefundView =
  | { status: "none" }
  | { status: "eligible"; amount: string; purchasedOn: string; lastDay: string }
  | { status: "requested"; amount: string; requestedOn: string }
  | { status: "refunded"; amount: string; refundedOn: string }
  | { status: "expired"; amount: string; purchasedOn: string; supportEmail: string };
