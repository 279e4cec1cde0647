import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { cardAudienceFor } from "~/modules/access/access.server";
import { apiError, methodNotAllowed, parseJsonBody, requireMethod } from "~/modules/api/json.server";
import { NO_STORE } from "~/modules/api/subject.server";
import { requireApiUser } from "~/modules/auth/guards.server";
import { getVisibleCard } from "~/modules/cards/cards.server";
import { recordActivity, rememberTimeZone } from "~/modules/habit/activity.server";
import { timeZoneFromRequest } from "~/modules/users/time-zone.server";
import { enforceRateLimits } from "~/modules/ratelimit/enforce.server";
import { activityBodySchema } from "~/modules/habit/habit.schema";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/activity `{ cardId, activityType, userId?, metadata?, timeZone? }` → 201 `{ activity, newBadges }`.
 * Signed-in users only, for themselves only, and only on a card they may see: a paid card without access and an
 * unknown id get the same 404. The day counts in `timeZone`, else the `lc_tz` cookie's zone, else the stored one.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(context);
  await enforceRateLimits(context, request, [{ rule: "activity_email", email: user.email }]);
  const input = await parseJsonBody(request, activityBodySchema);
  if (input.userId !== undefined && input.userId !== user.id) return apiError(403, "You can only record your own activity.");

  const card = await getVisibleCard(context.db, await cardAudienceFor(context.db, user), input.cardId);
  if (!card) return apiError(404, "Card not found.");

  try {
    const timeZone = await rememberTimeZone(context.db, user, input.timeZone ?? timeZoneFromRequest(request));
    const { activity, newBadges } = await recordActivity(context.db, {
      userId: user.id,
      cardId: card.id,
      activityType: input.activityType,
      metadata: input.metadata ?? null,
      timeZone,
    });
    return Response.json({ activity, newBadges }, { status: 201, headers: NO_STORE });
  } catch (error) {
    console.warn("POST /api/activity failed:", error);
    return apiError(503, "Could not record the activity. Please try again.");
  }
}
