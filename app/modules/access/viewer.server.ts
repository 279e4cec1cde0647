import type { AppLoadContext } from "@remix-run/cloudflare";
import { pageAccessStatus } from "~/modules/access/access.server";
import { getUserWith, isAdmin } from "~/modules/auth/guards.server";
import { carriesSessionCookie } from "~/modules/auth/request-auth.server";
import type { Viewer } from "./viewer";

/**
 * The signed-in viewer of a page, for the chrome every page shares: "Sign in" or "My cards", the signed-in
 * navigation, the Admin tab. A request without a session cookie (a visitor, the shared page cache's renders) costs
 * nothing: no D1 round trip.
 */
export async function getViewer(context: AppLoadContext, request: Request): Promise<Viewer | null> {
  if (!carriesSessionCookie(request)) return null;
  // The access read travels with the session's check (getUserWith).
  const signedIn = await getUserWith(context, (owner) => pageAccessStatus(context.db, owner));
  if (!signedIn) return null;
  return { isAdmin: isAdmin(context, signedIn.user), hasAccess: signedIn.own.hasAccess };
}
