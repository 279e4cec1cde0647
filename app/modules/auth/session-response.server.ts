import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { createToastHeaders } from "~/modules/toast/toast.server";
import type { ToastInput } from "~/modules/toast/toast";
import type { NewSession } from "./account.server";
import { clearSessionCookie, serializeSessionCookie } from "./sessions.server";

/** Redirect after sign-in: the new session cookie plus a toast. */
export async function redirectWithSession(
  context: AppLoadContext,
  request: Request,
  session: NewSession,
  to: string,
  toast: ToastInput,
) {
  const headers = await createToastHeaders(context.config, toast);
  headers.append("Set-Cookie", await serializeSessionCookie(context.config, request, session));
  return redirect(to, { headers });
}

/** Redirect after sign-out: the cookie is cleared whatever else happened. */
export async function redirectClearingSession(context: AppLoadContext, request: Request, to: string, toast?: ToastInput) {
  const headers = toast ? await createToastHeaders(context.config, toast) : new Headers();
  headers.append("Set-Cookie", await clearSessionCookie(context.config, request));
  return redirect(to, { headers });
}
