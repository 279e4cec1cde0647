/**
 * The page behind "Delete my account" (/account/delete): what it shows and what its forms do, so the route stays a
 * thin shell (docs/decisions/009-layers.md). An account with a password confirms with it (limited as sign-in is); one
 * without (bought at checkout, or OAuth) asks for a link by email and confirms on the page it opens. Bad input is a
 * 400 with the field's message, a wrong password a 403, a dead link a 400 or 410; nothing is deleted then. A deletion
 * answers with a redirect home that signs this browser out and says so in a toast.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "@remix-run/cloudflare";
import { z } from "zod";
import { requireUser } from "~/modules/auth/guards.server";
import { verifyPassword } from "~/modules/auth/passwords.server";
import { redirectClearingSession } from "~/modules/auth/request-auth.server";
import { enforceRateLimits } from "~/modules/ratelimit/enforce.server";
import type { ToastInput } from "~/modules/toast/toast";
import { redirectWithToast } from "~/modules/toast/toast.server";
import {
  DELETE_WITH_LINK_INTENT,
  DELETE_WITH_PASSWORD_INTENT,
  deleteWithLinkSchema,
  deleteWithPasswordSchema,
  EMAIL_DELETION_LINK_INTENT,
  WRONG_PASSWORD_MESSAGE,
} from "./account.schema";
import { checkDeletionLink, DELETE_ACCOUNT_PATH, deleteAccount, deleteAccountWithLink, emailDeletionLink } from "./delete.server";

const tokenQuerySchema = z.object({ token: z.string().min(1).max(200) });

/** What the page shows: the form for this account, or the page an emailed link opens. */
export async function deletePageLoader(context: AppLoadContext, request: Request) {
  const query = tokenQuerySchema.safeParse({ token: new URL(request.url).searchParams.get("token") ?? undefined });
  if (query.success) {
    const link = await checkDeletionLink(context, query.data.token);
    if (link.status === "valid") return data({ mode: "confirm-link" as const, email: link.user.email, token: query.data.token });
    const current = await context.auth.getCurrentUser();
    const canResend = link.status === "expired" && link.user !== null && current?.user.id === link.user.id;
    return data(
      { mode: `link-${link.status}` as const, email: null, token: null, canResend },
      { status: link.status === "expired" ? 410 : 400 },
    );
  }
  const user = await requireUser(context, request);
  return data({ mode: user.passwordHash ? ("password" as const) : ("email-link" as const), email: user.email, token: null });
}

export async function deletePageAction(context: AppLoadContext, request: Request) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === DELETE_WITH_LINK_INTENT) return deleteWithLink(context, request, formData);
  const user = await requireUser(context, request);

  if (intent === EMAIL_DELETION_LINK_INTENT) {
    if (user.passwordHash)
      return data({ intent, result: null, error: "This account has a password: confirm with it instead." }, { status: 400 });
    await enforceRateLimits(context, request, [{ rule: "email_action_ip" }, { rule: "sign_in_link_email", email: user.email }]);
    await emailDeletionLink(context, user);
    return redirectWithToast(context.config, DELETE_ACCOUNT_PATH, {
      type: "success",
      title: "Check your email",
      description: `A link to confirm deleting your account is on its way to ${user.email}. It works once, for 30 minutes.`,
    });
  }

  if (intent === DELETE_WITH_PASSWORD_INTENT) {
    const submission = parseWithZod(formData, { schema: deleteWithPasswordSchema });
    if (submission.status !== "success")
      return data({ intent, result: submission.reply({ hideFields: ["password"] }), error: null }, { status: 400 });
    if (!user.passwordHash) {
      const message = "This account has no password: we email you a link to confirm instead.";
      return data({ intent, result: submission.reply({ formErrors: [message], hideFields: ["password"] }), error: null }, { status: 400 });
    }
    // Each attempt is a guess at the password, limited as a sign-in is.
    await enforceRateLimits(context, request, [{ rule: "sign_in_ip" }, { rule: "sign_in_email", email: user.email }]);
    if (!(await verifyPassword(submission.value.password, user.passwordHash))) {
      return data(
        {
          intent,
          result: submission.reply({ fieldErrors: { password: [WRONG_PASSWORD_MESSAGE] }, hideFields: ["password"] }),
          error: null,
        },
        { status: 403 },
      );
    }
    return signedOutAfterDeletion(context, request, await deleteAccount(context, user), user.id);
  }
  return data({ intent: null, result: null, error: "Unknown action." }, { status: 400 });
}

async function deleteWithLink(context: AppLoadContext, request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: deleteWithLinkSchema });
  if (submission.status !== "success")
    return data({ intent: DELETE_WITH_LINK_INTENT, result: submission.reply(), error: null }, { status: 400 });
  const outcome = await deleteAccountWithLink(context, submission.value.token);
  if (!("userId" in outcome)) {
    const error =
      outcome.status === "expired"
        ? "This link has expired. Links to delete an account work for 30 minutes: ask for a new one."
        : "This link is not valid or has already been used.";
    return data({ intent: DELETE_WITH_LINK_INTENT, result: null, error }, { status: outcome.status === "expired" ? 410 : 400 });
  }
  return signedOutAfterDeletion(context, request, outcome.status, outcome.userId);
}

/**
 * Home, with the confirmation. The deleted account's sessions are gone already; this browser's cookie is cleared too
 * (which also drops its offline copy), unless the browser is signed in to another account, which stays.
 */
async function signedOutAfterDeletion(context: AppLoadContext, request: Request, outcome: "deleted" | "anonymised", deletedId: string) {
  const toast: ToastInput = {
    type: "success",
    title: "Account deleted",
    description:
      outcome === "anonymised"
        ? "Your personal data is deleted and every device is signed out. We keep only the record of your payment that the law requires, without your name or email."
        : "Your account and its data are deleted, and every device is signed out.",
  };
  const current = await context.auth.getCurrentUser();
  if (current && current.user.id !== deletedId) return redirectWithToast(context.config, "/", toast);
  return redirectClearingSession(context, request, "/", toast);
}
