import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, notLike, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { accessGrants, purchases, type User, users } from "#db/schema";
import { isAdmin } from "~/modules/auth/guards.server";
import { type Owner, ownerKey, preparedOwnedRead } from "~/modules/auth/owner.server";
import { sendSignInLinkIfAccountExists } from "~/modules/auth/sign-in-link.server";
import { runAfterResponse } from "~/modules/background/after-response.server";
import type { CardAudience } from "~/modules/cards/cards.server";
import type { AppConfig } from "~/modules/config/config.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { DELETED_ACCOUNT_EMAIL_PATTERN } from "~/modules/users/deleted-account";
import { findUserByEmail } from "~/modules/users/users.server";
import { homeFor, leadsHome } from "./home";

export type AccessStatus = { hasAccess: boolean; purchaseDate: Date | null };

/**
 * The one answer to "does this user have access?": a paid, unrefunded purchase or an active admin grant.
 * Access is never stored as a flag; purchaseDate is the first paid purchase that still stands. A deleted account's
 * tombstone keeps its purchase record but has no access: its share links stop (docs/decisions/039).
 */
export async function getAccessStatus(db: Database, owner: Owner): Promise<AccessStatus> {
  const [row] = await readAccess(db, owner, {});
  const purchaseDate = row?.firstPaidAt ?? null;
  return { hasAccess: Boolean(purchaseDate || row?.granted), purchaseDate };
}

/**
 * One statement (it travels in the page's batch, db/batch.ts), prepared once: the first paid purchase, and whether a
 * grant stands.
 */
const readAccess = preparedOwnedRead((db, ownerId) =>
  db
    .select({
      firstPaidAt:
        sql`(select min(${purchases.createdAt}) from ${purchases} where ${purchases.userId} = ${ownerId} and ${purchases.status} = 'paid')`
          .mapWith(purchases.createdAt)
          .as("first_paid_at"),
      granted:
        sql<number>`exists(select 1 from ${accessGrants} where ${accessGrants.userId} = ${ownerId} and ${accessGrants.revokedAt} is null)`.as(
          "granted",
        ),
    })
    .from(users)
    .where(and(eq(users.id, ownerId), notLike(users.email, DELETED_ACCOUNT_EMAIL_PATTERN))),
);

/** The access of an email: its account (if any) and what getAccessStatus says about it. */
export async function getAccessStatusByEmail(db: Database, email: string): Promise<{ user: User | null; status: AccessStatus }> {
  const user = await findUserByEmail(db, email);
  return { user, status: user ? await getAccessStatus(db, user.id) : { hasAccess: false, purchaseDate: null } };
}

/** Which cards a request may see: visitors and non-buyers get previews, buyers everything. */
export async function cardAudienceFor(db: Database, user: Pick<User, "id"> | null): Promise<CardAudience> {
  if (!user) return "visitor";
  return (await getAccessStatus(db, user.id)).hasAccess ? "buyer" : "member-without-access";
}

const pageAccess = new WeakMap<Database, Map<string, Promise<AccessStatus>>>();

/**
 * getAccessStatus, asked once per request by a page's loaders, which run together: the root's chrome ("My cards", the
 * tabs) and the route's own gate. Keyed by the request's database handle (one per request). For loaders and for
 * actions that change no access (recording a card's read); an action that changes access reads getAccessStatus afresh.
 */
export function pageAccessStatus(db: Database, owner: Owner): Promise<AccessStatus> {
  const byOwner = pageAccess.get(db) ?? new Map<string, Promise<AccessStatus>>();
  pageAccess.set(db, byOwner);
  const key = ownerKey(owner);
  const status = byOwner.get(key) ?? getAccessStatus(db, owner);
  byOwner.set(key, status);
  return status;
}

/** cardAudienceFor, read by pageAccessStatus: with the session's check when started in getUserWith's reads. */
export async function pageAudienceFor(db: Database, owner: Owner): Promise<Exclude<CardAudience, "visitor">> {
  return (await pageAccessStatus(db, owner)).hasAccess ? "buyer" : "member-without-access";
}

/**
 * Where a sign-in sends the browser: the destination it carries, except that home (/today, the default) is the
 * dashboard for an account without access and /admin for the admin (homeFor). Decided here, so the welcome toast arrives with the page.
 */
export async function landingAfterSignIn(context: AppLoadContext, user: User, destination: string): Promise<string> {
  if (!leadsHome(destination)) return destination;
  return homeFor({ ...(await getAccessStatus(context.db, user.id)), isAdmin: isAdmin(context, user) });
}

/**
 * The access gate's form: emails a sign-in link that confirms access, but only to an email that has
 * access. All of it (the lookup included) runs after the response, so the gate answers the same, in
 * the same time, whatever the email; the email itself goes through the queue, where a failing provider is
 * retried and never shown.
 */
export function sendAccessLinkIfEntitled(context: Pick<AppLoadContext, "db" | "config" | "cloudflare" | "email">, email: string): void {
  runAfterResponse(context, "Access gate sign-in link", async () => {
    const { user, status } = await getAccessStatusByEmail(context.db, email);
    if (user && status.hasAccess) {
      await sendSignInLinkIfAccountExists(context, { email: user.email, redirectTo: "/cards", confirmation: "access" });
    }
  });
}

/**
 * Card screens (/cards, /cards/{id}): a signed-in user without access is sent to /checkout with the spec's
 * 'Access Required' toast (docs/decisions/000-product-rules.md, Accounts and access). Throw the result.
 */
export function accessRequiredRedirect(config: AppConfig): Promise<Response> {
  return redirectWithToast(config, "/checkout", {
    type: "error",
    title: "Access Required",
    description: "Please complete your purchase to access the cards.",
  });
}
