/**
 * Schemas for the admin page (/admin) and the admin JSON API (/api/grant-access, /api/check-access).
 * Client-safe: the page validates with the same schema in the browser (conform) and on the server.
 */
import { z } from "zod";
import { emailSchema } from "~/modules/auth/auth.schema";

export const REVOKE_REASON_MESSAGE = "Please give a reason for revoking access.";
export const REASON_MAX_LENGTH = 500;
/** The admin's note to someone they grant access to, sent in the "You've been given LIGHT Cards" email. */
export const GRANT_MESSAGE_MAX_LENGTH = 500;

export const ADMIN_INTENTS = ["grant", "check", "revoke"] as const;
export type AdminIntent = (typeof ADMIN_INTENTS)[number];

const reasonSchema = z.string().trim().max(REASON_MAX_LENGTH, `Reasons are at most ${REASON_MAX_LENGTH} characters`).optional();

const grantMessageSchema = z
  .string()
  .trim()
  .max(GRANT_MESSAGE_MAX_LENGTH, `Messages are at most ${GRANT_MESSAGE_MAX_LENGTH} characters`)
  .optional();

/** `{ email, reason?, message? }`: the body of the admin API calls and the fields of the admin form. */
export const adminAccessSchema = z.object({
  email: emailSchema,
  reason: reasonSchema,
  message: grantMessageSchema,
});

/**
 * The admin form: which button was pressed (`intent`), and a reason, which revoking requires.
 * A union rather than a refinement, so a missing email and a missing reason are reported together.
 */
export const adminFormSchema = z.discriminatedUnion(
  "intent",
  [
    adminAccessSchema.extend({ intent: z.literal("grant") }),
    adminAccessSchema.extend({ intent: z.literal("check") }),
    adminAccessSchema.extend({
      intent: z.literal("revoke"),
      reason: z
        .string({ error: REVOKE_REASON_MESSAGE })
        .trim()
        .min(1, REVOKE_REASON_MESSAGE)
        .max(REASON_MAX_LENGTH, `Reasons are at most ${REASON_MAX_LENGTH} characters`),
    }),
  ],
  { error: "Choose Grant Access, Check Access or Revoke Access." },
);

/** An empty or blank reason is no reason. */
export function reasonOrNull(reason: string | undefined | null): string | null {
  return reason?.trim() ? reason.trim() : null;
}

export const RESEND_NOT_FAILED_MESSAGE = "That email is not waiting to be resent: it was sent or queued again already.";

/** The Resend button of a failed email on /admin. */
export const resendEmailSchema = z.object({
  intent: z.literal("resend-email"),
  outboxId: z.string().uuid(RESEND_NOT_FAILED_MESSAGE),
});
