/**
 * Schemas for the email preferences: the unsubscribe link (/unsubscribe) and the settings page's reminders form.
 * Client-safe: the settings page validates with the same schema in the browser and on the server.
 */
import { z } from "zod";

export const INVALID_UNSUBSCRIBE_LINK = "This unsubscribe link is not valid. Please use the link from your most recent email.";

const unsubscribeToken = z.string({ error: INVALID_UNSUBSCRIBE_LINK }).min(1, INVALID_UNSUBSCRIBE_LINK).max(200, INVALID_UNSUBSCRIBE_LINK);

/** GET /unsubscribe?token=... (the confirmation form) or ?done=1 (after unsubscribing). */
export const unsubscribeQuerySchema = z.object({
  token: unsubscribeToken.optional(),
  done: z.literal("1").optional(),
});

/** POST /unsubscribe: the confirmation form. */
export const unsubscribeFormSchema = z.object({ token: unsubscribeToken });

export const ONE_CLICK_BODY_MESSAGE = "A one-click unsubscribe posts List-Unsubscribe=One-Click (RFC 8058).";

/** POST /unsubscribe/one-click?token=...: RFC 8058's body is exactly `List-Unsubscribe=One-Click`. */
export const oneClickUnsubscribeSchema = z.object({
  token: unsubscribeToken,
  "List-Unsubscribe": z.literal("One-Click", ONE_CLICK_BODY_MESSAGE),
});

/** The settings page's reminders form (docs/decisions/049-reminders.md): the email switch and the two times. */
export const REMINDERS_INTENT = "reminders";
/** The settings page's one-tap "Confirm your email" for an address not yet confirmed (docs/decisions/049-reminders.md). */
export const CONFIRM_EMAIL_INTENT = "confirm-email";

/** 7:00, the morning card's time until the buyer chooses another. */
export const DEFAULT_MORNING_MINUTES = 7 * 60;
/** 20:00: the evening reminder's suggested time, well inside the evening check (from 17:00, 040). */
export const DEFAULT_EVENING_MINUTES = 20 * 60;
/** The evening reminder's earliest time: the evening check opens at 17:00 (040). */
export const EVENING_REMINDER_FROM_MINUTES = 17 * 60;

const QUARTER_HOUR = 15;
const MINUTES_PER_DAY = 24 * 60;

/** "07:00" for 420: the form's values and labels, in the 24-hour clock the select lists. */
export function clockLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** Every quarter hour from `from` to 23:45, as minutes after midnight. */
export function quarterHoursFrom(from: number): number[] {
  return Array.from({ length: (MINUTES_PER_DAY - from) / QUARTER_HOUR }, (_, index) => from + index * QUARTER_HOUR);
}

const CHOOSE_A_TIME = "Choose a time from the list.";

/** "HH:MM" on a quarter hour, read as minutes after midnight. */
const quarterHour = z
  .string({ error: CHOOSE_A_TIME })
  .regex(/^([01]\d|2[0-3]):(00|15|30|45)$/, CHOOSE_A_TIME)
  .transform((value) => Number(value.slice(0, 2)) * 60 + Number(value.slice(3)));

export const remindersSchema = z.object({
  newsletterSubscribed: z.boolean({ error: "Choose on or off." }).optional().default(false),
  morningTime: quarterHour,
  eveningReminder: z.boolean({ error: "Choose on or off." }).optional().default(false),
  // Only buyers see the evening fields (the evening check is theirs); without them the reminder stays off.
  eveningTime: quarterHour
    .refine((minutes) => minutes >= EVENING_REMINDER_FROM_MINUTES, "The evening reminder comes from 17:00.")
    .optional(),
  /** The browser's zone, sent by the form once the page runs (else the lc_tz cookie counts): 021. */
  timeZone: z.string().max(64).optional(),
});

export type ReminderState = {
  newsletterSubscribed: boolean;
  emailVerified: boolean;
  morningMinutes: number;
  eveningMinutes: number | null;
  timeZone: string;
  /** Only buyers have the evening check the evening reminder points to. */
  hasAccess: boolean;
};

/**
 * What will reach the buyer's inbox, in one sentence: the form's status line and the toast after saving say the same,
 * and never promise what the cron will not send (an unconfirmed address gets nothing: 049).
 */
export function reminderSummary(state: ReminderState): string {
  if (!state.newsletterSubscribed) return "You will not receive the daily card by email.";
  if (!state.emailVerified) return "Confirm your email to start: the daily card goes only to a confirmed address.";
  const evening =
    state.hasAccess && state.eveningMinutes !== null ? `, and a reminder of the evening check at ${clockLabel(state.eveningMinutes)}` : "";
  return `Daily card on: it reaches your inbox each morning at ${clockLabel(state.morningMinutes)}${evening} (${state.timeZone} time).`;
}
