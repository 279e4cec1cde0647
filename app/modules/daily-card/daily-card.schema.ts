/**
 * Schemas for the email preferences: the unsubscribe link (/unsubscribe) and the settings page's daily-card switch.
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

/** The settings page's switch: a native checkbox, absent when off. */
export const EMAIL_PREFERENCES_INTENT = "email-preferences";
export const emailPreferenceSchema = z.object({
  newsletterSubscribed: z.boolean().optional().default(false),
});
