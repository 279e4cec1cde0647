import { createCookieSessionStorage, redirect } from "@remix-run/cloudflare";
import type { AppConfig } from "~/modules/config/config.server";
import { carriesCookie, createCookie, readsGarbledAsMissing } from "~/modules/http/cookies.server";
import { type Toast, type ToastInput, toastSchema } from "./toast";

/**
 * Toasts queued by a server action travel in a signed flash cookie and are shown on the next
 * page, so they reach users without JavaScript too (Post/Redirect/Get).
 */
const TOAST_KEY = "toast";
export const TOAST_COOKIE_NAME = "lc_toast";

function toastStorage(config: AppConfig) {
  return createCookieSessionStorage({
    cookie: readsGarbledAsMissing(
      createCookie(TOAST_COOKIE_NAME, {
        sameSite: "lax",
        path: "/",
        httpOnly: true,
        secrets: config.sessionSecrets,
        secure: config.appOrigin.startsWith("https://") && !config.isDevelopment,
      }),
    ),
  });
}

export async function createToastHeaders(config: AppConfig, input: ToastInput): Promise<Headers> {
  const storage = toastStorage(config);
  const session = await storage.getSession();
  session.flash(TOAST_KEY, toastSchema.parse(input));
  return new Headers({ "Set-Cookie": await storage.commitSession(session) });
}

export async function redirectWithToast(config: AppConfig, url: string, toast: ToastInput, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  for (const [name, value] of await createToastHeaders(config, toast)) headers.append(name, value);
  return redirect(url, { ...init, headers });
}

/** Reads (and consumes) the pending toast; the returned headers clear it when sent. */
export async function getToast(config: AppConfig, request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const storage = toastStorage(config);
  if (!carriesCookie(request, TOAST_COOKIE_NAME)) return { toast: null, headers: null };
  const session = await storage.getSession(request.headers.get("Cookie"));
  const parsed = toastSchema.safeParse(session.get(TOAST_KEY));
  return {
    toast: parsed.success ? parsed.data : null,
    headers: new Headers({ "Set-Cookie": await storage.destroySession(session) }),
  };
}
