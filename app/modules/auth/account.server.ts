/**
 * Account journeys: register, verify, sign in (password or emailed link), reset, sign out.
 * Pages and the /api/auth JSON API both call these functions, so each behaviour has one implementation.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { User } from "#db/schema";
import { EmailDeliveryError, sendEmail, type EmailMessage } from "~/modules/email/send.server";
import { passwordResetEmail, signInLinkEmail, verificationEmail } from "~/modules/email/templates.server";
import { hashPassword, spendPasswordCheckTime, verifyPassword } from "./passwords.server";
import { createSession, deleteAllSessionsOfUser } from "./sessions.server";
import { consumeOneTimeToken, createOneTimeToken, findTokenOwner } from "./tokens.server";
import { createUser, findUserByEmail, findUserById, updateUser } from "./users.server";

type Context = Pick<AppLoadContext, "db" | "config" | "cloudflare">;

export type NewSession = { token: string; persistent: boolean; expiresAt: Date };

function emailContext(context: Context) {
  return { db: context.db, config: context.config, resendApiKey: context.cloudflare.env.RESEND_API_KEY };
}

async function send(context: Context, message: EmailMessage) {
  await sendEmail(emailContext(context), message);
}

function link(context: Context, path: string, token: string, extra: Record<string, string> = {}) {
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

export async function registerAccount(
  context: Context,
  input: { email: string; password: string; newsletterSubscribed: boolean },
): Promise<{ status: "created"; user: User } | { status: "exists" }> {
  const user = await createUser(context.db, {
    email: input.email,
    passwordHash: await hashPassword(input.password),
    newsletterSubscribed: input.newsletterSubscribed,
  });
  if (!user) return { status: "exists" };
  await sendVerification(context, user);
  return { status: "created", user };
}

export type LinkResult = "valid" | "expired" | "invalid";

export async function verifyEmailWithToken(context: Context, token: string): Promise<LinkResult> {
  const result = await consumeOneTimeToken(context.db, token, "verify_email");
  if (result.status === "valid") await updateUser(context.db, result.userId, { emailVerified: true });
  return result.status;
}

/**
 * Sends a fresh verification link to an unverified account, found by email or by its expired link.
 * Answers nothing either way, so the form cannot tell which emails have accounts.
 */
export async function resendVerification(context: Context, input: { email?: string; token?: string }): Promise<void> {
  let user: User | null = null;
  if (input.email) user = await findUserByEmail(context.db, input.email);
  else if (input.token) {
    const owner = await findTokenOwner(context.db, input.token, "verify_email");
    user = owner ? await findUserById(context.db, owner) : null;
  }
  if (user && !user.emailVerified) await sendVerification(context, user);
}

// ---------------------------------------------------------------------------
// Sign in
// ---------------------------------------------------------------------------

export type SignInResult =
  | { status: "signed-in"; user: User; session: NewSession }
  | { status: "invalid" }
  | { status: "unverified" };

export async function signInWithPassword(
  context: Context,
  input: { email: string; password: string; rememberMe: boolean },
): Promise<SignInResult> {
  const user = await findUserByEmail(context.db, input.email);
  if (!user?.passwordHash) {
    await spendPasswordCheckTime(input.password);
    return { status: "invalid" };
  }
  if (!(await verifyPassword(input.password, user.passwordHash))) return { status: "invalid" };
  if (!user.emailVerified) return { status: "unverified" };
  return { status: "signed-in", user, session: await startSession(context, user, input.rememberMe) };
}

/** Every sign-in gets a new session (no fixation); the user's last login is recorded. */
export async function startSession(context: Context, user: User, persistent: boolean): Promise<NewSession> {
  const session = await createSession(context.db, user.id, { persistent });
  await updateUser(context.db, user.id, { lastLoginAt: new Date(), rememberLogin: persistent });
  return session;
}

/** Emails a 15-minute sign-in link if an account exists for the email; silent otherwise. */
export async function requestSignInLink(
  context: Context,
  input: { email: string; redirectTo?: string; confirmation?: "access" },
): Promise<void> {
  const user = await findUserByEmail(context.db, input.email);
  if (!user) return;
  const token = await createOneTimeToken(context.db, user.id, "sign_in");
  const extra: Record<string, string> = {};
  if (input.redirectTo) extra.redirectTo = input.redirectTo;
  if (input.confirmation) extra.confirm = input.confirmation;
  await send(context, signInLinkEmail(user.email, link(context, "/login/link", token, extra)));
}

/**
 * Someone just proved they own the mailbox of this account (a sign-in link, an OAuth provider's
 * verified email). If the account was never verified, whoever set its password never proved the
 * email, so a squatter could have registered it first: that password and any sessions are dropped
 * before the account is marked verified. (The owner can set a password again with "Forgot password".)
 */
export async function confirmMailboxOwner(context: Context, user: User): Promise<User> {
  if (user.emailVerified) return user;
  await updateUser(context.db, user.id, { emailVerified: true, passwordHash: null });
  await deleteAllSessionsOfUser(context.db, user.id);
  return { ...user, emailVerified: true, passwordHash: null };
}

/** A sign-in link proves the mailbox, so it also verifies the email. */
export async function signInWithLinkToken(
  context: Context,
  token: string,
): Promise<{ status: "signed-in"; user: User; session: NewSession } | { status: "expired" | "invalid" }> {
  const result = await consumeOneTimeToken(context.db, token, "sign_in");
  if (result.status !== "valid") return { status: result.status };
  const found = await findUserById(context.db, result.userId);
  if (!found) return { status: "invalid" };
  const user = await confirmMailboxOwner(context, found);
  return { status: "signed-in", user, session: await startSession(context, user, false) };
}

// ---------------------------------------------------------------------------
// Password reset
// ---------------------------------------------------------------------------

/** Sends a reset link when the account exists; answers the same either way. */
export async function requestPasswordReset(context: Context, email: string): Promise<void> {
  const user = await findUserByEmail(context.db, email);
  if (!user) return;
  const token = await createOneTimeToken(context.db, user.id, "reset_password");
  await send(context, passwordResetEmail(user.email, link(context, "/reset-password", token)));
}

/** Sets the new password and ends every session of the user: whoever knew the old one is signed out. */
export async function resetPasswordWithToken(context: Context, token: string, password: string): Promise<LinkResult> {
  const result = await consumeOneTimeToken(context.db, token, "reset_password");
  if (result.status !== "valid") return result.status;
  await updateUser(context.db, result.userId, { passwordHash: await hashPassword(password), emailVerified: true });
  await deleteAllSessionsOfUser(context.db, result.userId);
  return "valid";
}

export { EmailDeliveryError };
