/**
 * The forms of "Delete my account" (docs/decisions/039-account-deletion-and-export.md). Client-safe: conform validates
 * with the same schemas in the browser that the page's action uses on the server.
 */
import { z } from "zod";

export const ACCOUNT_EXPORT_PATH = "/account/data.json";

export const DELETE_WITH_PASSWORD_INTENT = "delete-with-password";
export const EMAIL_DELETION_LINK_INTENT = "email-deletion-link";
export const DELETE_WITH_LINK_INTENT = "delete-with-link";

export const CONFIRM_DELETION_MESSAGE = "Tick the box to confirm that your account should be deleted.";
export const CURRENT_PASSWORD_MESSAGE = "Enter your current password.";
export const WRONG_PASSWORD_MESSAGE = "That is not your current password. Nothing was deleted.";

const confirmed = z.boolean({ error: CONFIRM_DELETION_MESSAGE }).refine((value) => value, CONFIRM_DELETION_MESSAGE);

export const deleteWithPasswordSchema = z.object({
  password: z.string({ error: CURRENT_PASSWORD_MESSAGE }).min(1, CURRENT_PASSWORD_MESSAGE).max(128, CURRENT_PASSWORD_MESSAGE),
  confirm: confirmed,
});

export const deleteWithLinkSchema = z.object({
  token: z.string({ error: "This link is not valid." }).min(1, "This link is not valid.").max(200, "This link is not valid."),
  confirm: confirmed,
});
