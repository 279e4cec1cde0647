import type { AppLoadContext } from "@remix-run/cloudflare";
import { pageAccessStatus } from "~/modules/access/access.server";
import { isAdmin } from "~/modules/auth/guards.server";
import { carriesSessionCookie } from "~/modules/auth/sessions.server";
import type { Viewer } from "./viewer";

/**
 * The signed-in viewer of a page, for the chrome every page shares: "Sign in" or "My cards", the signed-in
 * navigation, the Admin tab. A request without a session cookie (a visitor, the shared page cache's renders) costs
 * nothing: no D1 round trip.
 */
export async function getViewer(context: AppLoadContext, request: Request): Promise<Viewer | null> {
  if (!carriesSessionCookie(request)) return null;
  const user = (await context.auth.getCurrentUser())?.user;
  if (!user) return null;
  const { hasAccess } = await pageAccessStatus(context.db, user.id);
  return { isAdmin: isAdmin(context, user), hasAccess };
}
