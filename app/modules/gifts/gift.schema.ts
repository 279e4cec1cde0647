import { z } from "zod";
import { emailSchema } from "~/modules/auth/auth.schema";

/** The gift form and the giver's changes (docs/decisions/047-gifts.md). Client-safe: the form validates with it too. */
export const GIFT_MESSAGE_MAX = 500;
/** A gift may be dated up to a year ahead (in days, so the same rule holds in every zone). */
export const GIFT_MAX_DAYS_AHEAD = 365;

const nameSchema = (what: string) =>
  z
    .string({ error: `${what} must be at least 2 characters` })
    .trim()
    .min(2, `${what} must be at least 2 characters`)
    .max(100, `${what} must be at most 100 characters`);

const deliverOnSchema = z
  .string({ error: "Choose the day the gift arrives" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Choose the day the gift arrives");

export const giftFormSchema = z.object({
  giverName: nameSchema("Your name"),
  giverEmail: emailSchema,
  recipientName: nameSchema("Their name"),
  recipientEmail: emailSchema,
  message: z
    .string()
    .trim()
    .max(GIFT_MESSAGE_MAX, `Your message must be at most ${GIFT_MESSAGE_MAX} characters`)
    .optional()
    .transform((value) => value ?? ""),
  deliverOn: deliverOnSchema,
});

export const giftChangeSchema = z.object({
  recipientEmail: emailSchema,
  deliverOn: deliverOnSchema,
});

/** `day` (YYYY-MM-DD) moved by whole days, on the calendar (no zone: the day is already the giver's). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Why a delivery day is refused, or null: today (in the giver's zone) to a year ahead. */
export function deliveryDayProblem(day: string, today: string): string | null {
  if (Number.isNaN(new Date(`${day}T00:00:00Z`).getTime()) || addDays(day, 0) !== day) return "Choose the day the gift arrives";
  if (day < today) return "The day can be today or later";
  if (day > addDays(today, GIFT_MAX_DAYS_AHEAD)) return "The day can be at most a year ahead";
  return null;
}

/** "Friday, 25 December 2026": how emails and pages name a delivery day. */
export function formatDeliveryDay(day: string): string {
  return new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );
}
