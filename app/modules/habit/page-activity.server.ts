import { and, eq, gt, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { type ActivityType, type User, userActivity } from "#db/schema";
import { type Owner, preparedOwnedRead } from "~/modules/auth/owner.server";
import { logProblem } from "~/modules/observability/log.server";
import { rememberTimeZone, timeZoneFromRequest } from "~/modules/users/time-zone.server";
import type { EarnedBadge } from "./progress";
import { recordActivity } from "./record-activity.server";

/**
 * Activity as pages record it: in the user's time zone (the browser's lc_tz cookie, else the stored one),
 * and never at the page's expense. A failure is logged and the page goes on with no new badges
 * (the spec: activity and badge failures are silent to the user). The browser's zone is the user's only when the
 * caller is that user: an admin changing someone's favourite must not move their zone to the admin's.
 */
export async function recordActivitySafely(
  db: Database,
  request: Request,
  user: Pick<User, "id" | "timeZone" | "timeZoneChangedAt">,
  activity: { cardId: string | null; activityType: ActivityType; metadata?: Record<string, unknown> | null },
  caller: { id: string } = user,
): Promise<{ newBadges: EarnedBadge[] }> {
  try {
    const timeZone = await rememberTimeZone(db, user, caller.id === user.id ? timeZoneFromRequest(request) : null);
    const { newBadges } = await recordActivity(db, { userId: user.id, ...activity, timeZone });
    return { newBadges };
  } catch (error) {
    logProblem("error", `Recording ${activity.activityType} activity failed`, error);
    return { newBadges: [] };
  }
}

/** A card page's view: checked for a repeat at once, written by `record` for the user the session names. */
export type CardView = { record(user: Pick<User, "id" | "timeZone" | "timeZoneChangedAt">): Promise<{ newBadges: EarnedBadge[] }> };

/** A second view of the same card within this window is the same visit (a reload, a revalidation), not a new view. */
const VIEW_DEDUPE_MS = 10 * 60 * 1000;

/** The user's view of the card since a moment, if any: every card page asks, so it is prepared once (db/batch.ts). */
const readRecentView = preparedOwnedRead((db, ownerId) =>
  db
    .select({ id: userActivity.id })
    .from(userActivity)
    .where(
      and(
        eq(userActivity.userId, ownerId),
        eq(userActivity.cardId, sql.placeholder("cardId")),
        eq(userActivity.activityType, "view"),
        gt(userActivity.timestamp, sql.placeholder("since")),
      ),
    )
    .limit(1),
);

/**
 * Opening a card page records a view, except for a browser's speculative prefetch and a repeat within
 * VIEW_DEDUPE_MS (the page's own data reloads after a favourite, for one). The check for a recent view starts at
 * once, so it travels with the page's other reads (db/batch.ts); `record()` writes the view once the page knows
 * the card is the user's to see.
 */
export function startCardView(db: Database, request: Request, owner: Owner, cardId: string, now: Date = new Date()): CardView {
  const purpose = request.headers.get("Sec-Purpose") ?? request.headers.get("Purpose") ?? "";
  const alreadyCounted: Promise<boolean> = purpose.includes("prefetch")
    ? Promise.resolve(true)
    : readRecentView(db, owner, { cardId, since: userActivity.timestamp.mapToDriverValue(new Date(now.getTime() - VIEW_DEDUPE_MS)) }).then(
        (rows) => rows.length > 0,
        (error) => {
          // Unknown is counted as seen: a failed read never breaks the page, nor doubles a view.
          logProblem("error", "Reading recent views failed", error);
          return true;
        },
      );
  return {
    async record(user) {
      if (await alreadyCounted) return { newBadges: [] };
      return recordActivitySafely(db, request, user, { cardId, activityType: "view", metadata: { source: "card-page" } });
    },
  };
}
