/**
 * Schemas for the account forms and the /api/auth JSON API. Client-safe: the same schema
 * validates in the browser (conform) and on the server. Messages are the spec's wording.
 */
import { z } from "zod";
import { isCommonPassword } from "./common-passwords";
import { HOME_PATH } from "./home-path";

export const EMAIL_MESSAGE = "Please enter a valid email address";
export const PASSWORD_LENGTH_MESSAGE = "Password must be at least 8 characters long";
export const PASSWORD_COMMON_MESSAGE = "This password is too common. Please choose another.";
export const PASSWORDS_MATCH_MESSAGE = "Passwords don't match";

export const emailSchema = z
  .string({ error: EMAIL_MESSAGE })
  .trim()
  .max(254, EMAIL_MESSAGE)
  .pipe(z.email({ error: EMAIL_MESSAGE }));

export const newPasswordSchema = z
  .string({ error: PASSWORD_LENGTH_MESSAGE })
  .min(8, PASSWORD_LENGTH_MESSAGE)
  .max(128, "Password must be at most 128 characters long")
  .refine((password) => !isCommonPassword(password), PASSWORD_COMMON_MESSAGE);

const checkbox = z.boolean().optional().default(false);

/** "Set a password" for a signed-in account without one: one field, the same rules as registering and resetting. */
export const setPasswordSchema = z.object({ password: newPasswordSchema, redirectTo: z.string().optional() });

export const SET_PASSWORD_INTENT = "set-password";
export const CHANGE_PASSWORD_INTENT = "change-password";
export const SIGN_OUT_EVERYWHERE_INTENT = "sign-out-everywhere";

export const registerSchema = z
  .object({
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: z.string({ error: PASSWORDS_MATCH_MESSAGE }),
    newsletterSubscribed: checkbox,
    /** The browser's IANA zone (a hidden field filled by script), for the daily card's morning time (049); checked on the server. */
    timeZone: z.string().max(64).optional(),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: PASSWORDS_MATCH_MESSAGE,
    path: ["confirmPassword"],
  });

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(128, "Password is required"),
  rememberMe: checkbox,
  redirectTo: z.string().optional(),
});

export const emailOnlySchema = z.object({ email: emailSchema, redirectTo: z.string().optional() });

export const tokenSchema = z.object({
  token: z.string({ error: "No verification token found" }).min(1, "No verification token found").max(200),
});

export const WRONG_VERIFY_PASSWORD_MESSAGE = "That is not the password this account was registered with.";

/** A verify link opened in another browser than the registering one also needs the account's password. */
export const verifyEmailSchema = tokenSchema.extend({
  password: z.string().max(128, "Invalid password").optional(),
});

export const resendVerificationSchema = z
  .object({ email: emailSchema.optional(), token: z.string().max(200).optional() })
  .refine((value) => value.email || value.token, { message: EMAIL_MESSAGE, path: ["email"] });

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: "Reset token is required" }).min(1, "Reset token is required").max(200),
    password: newPasswordSchema,
    confirmPassword: z.string({ error: PASSWORDS_MATCH_MESSAGE }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: PASSWORDS_MATCH_MESSAGE,
    path: ["confirmPassword"],
  });

export const PROFILE_INTENT = "profile";
export const profileSchema = z.object({
  firstName: z.string().trim().max(60, "First name must be at most 60 characters").optional(),
  lastName: z.string().trim().max(60, "Last name must be at most 60 characters").optional(),
});

/**
 * The longest path a redirect carries back (a return-to address, a page's own address): a longer one is dropped, since
 * clients refuse a Location header of 100 KB ("headers overflow") and no page of ours needs more.
 */
export const MAX_RETURN_PATH_LENGTH = 2048;

/** The URL's path and query to come back to, or null when it is too long to carry in a redirect. */
export function returnPathOf(url: URL): string | null {
  const path = `${url.pathname}${url.search}`;
  return path.length <= MAX_RETURN_PATH_LENGTH ? path : null;
}

/**
 * Where a sign-in (or any flow that carries a `redirectTo`) may send the browser: a path on this site,
 * never an absolute URL. The *result* is what gets checked: URL normalisation turns `/.//evil.com`,
 * `/..//evil.com` or `/%2e//evil.com` into `//evil.com`, which a browser reads as another host, so the
 * normalised path must itself start with exactly one slash and resolve to this origin.
 */
export function safeRedirectPath(target: unknown, fallback = HOME_PATH): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.length > MAX_RETURN_PATH_LENGTH) return fallback;
  const base = "http://same.origin";
  try {
    const url = new URL(target, base);
    const path = `${url.pathname}${url.search}${url.hash}`;
    const isSingleSlashPath = path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\");
    if (url.origin !== base || !isSingleSlashPath || path.includes("\\")) return fallback;
    // What the browser will do with the Location header: it must stay on this origin too.
    return new URL(path, base).origin === base ? path : fallback;
  } catch {
    return fallback;
  }
}
