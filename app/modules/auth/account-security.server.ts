/**
 * The account's own security actions (docs/decisions/027). "Set a password", shared by the success page and the
 * settings page: the signed-in account (its session cookie, never anything in the URL) chooses a first password. Bad
 * input answers 400 with the field's message; an account that already has a password, 409; success, Post/Redirect/Get
 * with a toast.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "@remix-run/cloudflare";
import { safeRedirectPath, setPasswordSchema } from "~/modules/auth/auth.schema";
import { enforceRateLimits } from "~/modules/ratelimit/enforce.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { requestPasswordReset, setFirstPassword } from "./account.server";
import { requireUser } from "./guards.server";
import { redirectClearingSession } from "./request-auth.server";
import { endSessionsOfUser } from "./sessions.server";

const HAS_PASSWORD_MESSAGE = "This account already has a password. To change it, use “Forgot password?” on the sign-in page.";

export async function setPasswordAction(context: AppLoadContext, request: Request, formData: FormData, fallbackRedirect: string) {
  const user = await requireUser(context, request);
  const submission = parseWithZod(formData, { schema: setPasswordSchema });
  if (submission.status !== "success") {
    return data({ setPasswordResult: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  // Hashing costs CPU and a stolen session could guess at nothing here, but the form is limited as sign-in is.
  await enforceRateLimits(context, request, [{ rule: "sign_in_ip" }, { rule: "sign_in_email", email: user.email }]);
  if ((await setFirstPassword(context, user, submission.value.password)) === "has-password") {
    return data({ setPasswordResult: submission.reply({ formErrors: [HAS_PASSWORD_MESSAGE], hideFields: ["password"] }) }, { status: 409 });
  }
  return redirectWithToast(context.config, safeRedirectPath(submission.value.redirectTo, fallbackRedirect), {
    type: "success",
    title: "Password set",
    description: `Next time, sign in with ${user.email} and this password.`,
  });
}

/**
 * "Change password" for an account that has one. A password changes only by a link that proves the mailbox (a stolen
 * session must not lock the owner out: setFirstPassword), so this emails the reset link to the account's own address,
 * with "Forgot password?"'s limits; choosing the new password there ends every session (resetPasswordWithToken).
 */
export async function changePasswordAction(context: AppLoadContext, request: Request, redirectTo: string) {
  const user = await requireUser(context, request);
  await enforceRateLimits(context, request, [{ rule: "email_action_ip" }, { rule: "forgot_password_email", email: user.email }]);
  requestPasswordReset(context, user.email);
  return redirectWithToast(context.config, redirectTo, {
    type: "success",
    title: "Check your email",
    description: `A link to choose a new password is on its way to ${user.email}. It works once, for 1 hour.`,
  });
}

/**
 * "Sign out of all devices": every session of the account ends, this one too (its cookie is cleared); each other
 * device is told why on its next page (docs/decisions/027).
 */
export async function signOutEverywhereAction(context: AppLoadContext, request: Request) {
  const user = await requireUser(context, request);
  await endSessionsOfUser(context.db, user.id, "everywhere");
  return redirectClearingSession(context, request, "/login", {
    type: "success",
    title: "Signed out of all devices",
    description: "Every session of your account has ended, on this device and on the others.",
  });
}
