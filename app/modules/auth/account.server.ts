/**
 * Account journeys: register, verify, sign in with a password, set a first password, reset. Emailed sign-in links and
 * what a proved mailbox changes are in sign-in-link.server.ts.
 * Pages and the /api/auth JSON API both call these functions, so each behaviour has one implementation.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { User } from "#db/schema";
import { runAfterResponse } from "~/modules/background/after-response.server";
import type { AppConfig } from "~/modules/config/config.server";
import type { EmailMessage } from "~/modules/email/send.server";
import { passwordResetEmail, passwordSetEmail, verificationEmail } from "~/modules/email/templates.server";
import { carriesCookie, signedCookie } from "~/modules/http/cookies.server";
import { knownTimeZone } from "~/modules/users/time-zone";
import {
  createUser,
  findStandingPurchaseThatCreatedAccount,
  findUserByEmail,
  findUserById,
  setPasswordIfNone,
  updateUser,
} from "~/modules/users/users.server";
import { hashPassword, spendPasswordCheckTime, verifyPassword } from "./passwords.server";
import { createSession, deleteAllSessionsOfUser, type NewSession } from "./sessions.server";
import { consumeOneTimeToken, createOneTimeToken, findTokenOwner, peekOneTimeToken, revokeOutstandingTokens } from "./tokens.server";

export type AccountContext = Pick<AppLoadContext, "db" | "config" | "cloudflare" | "email">;
type Context = AccountContext;

function send(context: Context, message: EmailMessage) {
  return context.email.send(message);
}

/** An emailed link of the app: the path with its one-time token and any extra parameters. */
export function link(context: Pick<Context, "config">, path: string, token: string, extra: Record<string, string> = {}) {
  const url = new URL(path, context.config.appOrigin);
  url.searchParams.set("token", token);
  for (const [key, value] of Object.entries(extra)) url.searchParams.set(key, value);
  return url.toString();
}

async function sendVerification(context: Context, user: User) {
  const token = await createOneTimeToken(context.db, user.id, "verify_email");
  await send(context, verificationEmail(user.email, link(context, "/verify-email", token)));
}

// ---------------------------------------------------------------------------
// Register and verify
// ---------------------------------------------------------------------------

/**
 * Proof that this browser registered an account: a signed cookie set by the register page, holding the
 * new account's id, for as long as its verification link lives. Verifying an email from this browser
 * keeps the password chosen here; from any other browser the account's password is asked for, so a
 * stranger who registered someone else's address never gets that mailbox's click to confirm their password.
 */
const REGISTERED_COOKIE = "lc_registered";
const MAX_AGE_SECONDS = 24 * 60 * 60;

function registeredCookie(config: AppConfig, request: Request) {
  return signedCookie(REGISTERED_COOKIE, config, request, { maxAge: MAX_AGE_SECONDS });
}

export async function markRegisteringBrowser(config: AppConfig, request: Request, userId: string): Promise<string> {
  return registeredCookie(config, request).serialize(userId);
}

/** The account id this browser registered, or null. */
async function readRegisteringBrowser(config: AppConfig, request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!carriesCookie(request, REGISTERED_COOKIE)) return null;
  const value = await registeredCookie(config, request).parse(header);
  return typeof value === "string" ? value : null;
}

export async function registerAccount(
  context: Context,
  input: { email: string; password: string; newsletterSubscribed: boolean; timeZone?: string | null },
): Promise<{ status: "created"; user: User } | { status: "exists" }> {
  const user = await createUser(context.db, {
    email: input.email,
    passwordHash: await hashPassword(input.password, context.config.passwordHashIterations),
    newsletterSubscribed: input.newsletterSubscribed,
    // The daily card goes out at the chosen morning time (7:00 until chosen) in this zone; unknown (null) counts as UTC (docs/decisions/021, 049).
    timeZone: knownTimeZone(input.timeZone),
  });
  if (!user) return { status: "exists" };
  runAfterResponse(context, "Verification email", () => sendVerification(context, user));
  return { status: "created", user };
}

type LinkResult = "valid" | "expired" | "invalid";

type VerifyResult = LinkResult | "password-required" | "wrong-password";

/**
 * Verifying proves the mailbox, not the password. Registering someone else's address and waiting for
 * its owner to click the genuine link would otherwise leave a verified account with the registrant's
 * password (an admin's, even). So a password-protected account is verified only with proof that the
 * verifier chose that password; otherwise the link stays unused and the page asks for the password,
 * offering a reset instead (which proves the mailbox and replaces the password). An account without a
 * password (made by a purchase) has nothing to protect and is verified at once. The proof: this browser
 * registered the account (its `lc_registered` cookie), or the password is typed.
 */
export async function verifyEmailWithToken(
  context: Context,
  request: Request,
  input: { token: string; password?: string },
): Promise<VerifyResult> {
  const { token, password } = input;
  const registeredUserId = await readRegisteringBrowser(context.config, request);
  const peeked = await peekOneTimeToken(context.db, token, "verify_email");
  if (peeked.status !== "valid") return peeked.status;
  const user = await findUserById(context.db, peeked.userId);
  if (!user) return "invalid";
  if (user.passwordHash && !user.emailVerified && registeredUserId !== user.id) {
    if (!password) return "password-required";
    if (!(await verifyPassword(password, user.passwordHash))) return "wrong-password";
  }
  const result = await consumeOneTimeToken(context.db, token, "verify_email");
  if (result.status === "valid") await updateUser(context.db, result.userId, { emailVerified: true });
  return result.status;
}

/**
 * Sends a fresh verification link to an unverified account, found by email or by its expired link,
 * after the response: the form answers the same, at once, whether or not the account exists.
 */
export function resendVerification(context: Context, input: { email?: string; token?: string }): void {
  runAfterResponse(context, "Resend verification", async () => {
    let user: User | null = null;
    if (input.email) user = await findUserByEmail(context.db, input.email);
    else if (input.token) {
      const owner = await findTokenOwner(context.db, input.token, "verify_email");
      user = owner ? await findUserById(context.db, owner) : null;
    }
    if (user && !user.emailVerified) await sendVerification(context, user);
  });
}

// ---------------------------------------------------------------------------
// Sign in
// ---------------------------------------------------------------------------

type SignInResult = { status: "signed-in"; user: User; session: NewSession } | { status: "invalid" } | { status: "unverified" };

export async function signInWithPassword(
  context: Context,
  input: { email: string; password: string; rememberMe: boolean },
): Promise<SignInResult> {
  const user = await findUserByEmail(context.db, input.email);
  if (!user?.passwordHash) {
    await spendPasswordCheckTime(input.password, context.config.passwordHashIterations);
    return { status: "invalid" };
  }
  if (!(await verifyPassword(input.password, user.passwordHash))) return { status: "invalid" };
  // A registered account waits for its mailbox (docs/decisions/007). An account a payment created got its password
  // from its own signed-in buyer ("Set a password" after buying), who may use it at once (docs/decisions/027).
  if (!user.emailVerified && !(await findStandingPurchaseThatCreatedAccount(context.db, user.id))) return { status: "unverified" };
  return { status: "signed-in", user, session: await startSession(context, user, input.rememberMe) };
}

/** Every sign-in gets a new session (no fixation); the user's last login is recorded. */
export async function startSession(context: Context, user: User, persistent: boolean): Promise<NewSession> {
  const session = await createSession(context.db, user.id, { persistent });
  await updateUser(context.db, user.id, { lastLoginAt: new Date(), rememberLogin: persistent });
  return session;
}

// ---------------------------------------------------------------------------
// Setting a first password
// ---------------------------------------------------------------------------

/**
 * A signed-in account without a password (a buyer, who signed in by the purchase or by a link) chooses one. An
 * account that has a password changes it only with a reset link, which proves the mailbox.
 */
export async function setFirstPassword(context: Context, user: User, password: string): Promise<"set" | "has-password"> {
  if (user.passwordHash) return "has-password";
  const set = await setPasswordIfNone(context.db, user.id, await hashPassword(password, context.config.passwordHashIterations));
  if (!set) return "has-password";
  // The mailbox hears of it: a password chosen on a device it never proved is news its owner must be able to undo.
  await send(context, passwordSetEmail(user.email, new URL("/forgot-password", context.config.appOrigin).toString()));
  return "set";
}

// ---------------------------------------------------------------------------
// Password reset
// ---------------------------------------------------------------------------

/**
 * Sends a reset link when the account exists, after the response: the form answers the same, at once,
 * and the email goes through the queue, whose retries and failures are never shown (they would reveal the account).
 */
export function requestPasswordReset(context: Context, email: string): void {
  runAfterResponse(context, "Password reset email", async () => {
    const user = await findUserByEmail(context.db, email);
    if (!user) return;
    const token = await createOneTimeToken(context.db, user.id, "reset_password");
    await send(
      context,
      passwordResetEmail(user.email, link(context, "/reset-password", token), { hasPassword: Boolean(user.passwordHash) }),
    );
  });
}

/**
 * Sets the new password and ends every session of the user, and uses up every other sign-in and reset
 * link still in a mailbox or a browser history: whoever knew the old password, or held an old link, is out.
 */
export async function resetPasswordWithToken(context: Context, token: string, password: string): Promise<LinkResult> {
  const result = await consumeOneTimeToken(context.db, token, "reset_password");
  if (result.status !== "valid") return result.status;
  await updateUser(context.db, result.userId, {
    passwordHash: await hashPassword(password, context.config.passwordHashIterations),
    emailVerified: true,
  });
  await deleteAllSessionsOfUser(context.db, result.userId);
  await revokeOutstandingTokens(context.db, result.userId, ["sign_in", "reset_password"]);
  return "valid";
}
