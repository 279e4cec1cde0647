import { HOME_PATH } from "~/modules/auth/home-path";
import type { Viewer } from "./viewer";

/**
 * Where a signed-in account is at home: a buyer's day starts with the practice (/today, which is also where a sign-in
 * lands by default and the installed app's start); an account without access starts from its dashboard, which holds
 * the preview and the offer. The one answer: the navigation, sign-in's landing and /today's own gate all ask it.
 */
export function homeFor(viewer: Pick<Viewer, "hasAccess"> & Partial<Pick<Viewer, "isAdmin">>): string {
  // The shop's owner signs in to run the shop: /admin (sales, customers, access). Their own Today tab still leads to
  // the practice: the navigation asks without isAdmin.
  if (viewer.isAdmin) return "/admin";
  return viewer.hasAccess ? HOME_PATH : "/dashboard";
}

/** The Journey tab: the dashboard is all progress for a buyer; an account without access finds it under its preview. */
export function journeyFor(viewer: Pick<Viewer, "hasAccess">): string {
  return viewer.hasAccess ? "/dashboard" : "/dashboard?section=journey#journey";
}

/** Whether a (safe, same-site) destination is the home a sign-in lands on by default, which depends on access. */
export function leadsHome(destination: string): boolean {
  return new URL(destination, "http://same.origin").pathname === HOME_PATH;
}
