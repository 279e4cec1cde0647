import { cardAudienceFor } from "~/modules/access/access.server";
import { apiError, jsonAction, methodNotAllowed } from "~/modules/api/json.server";
import { NO_STORE } from "~/modules/api/subject.server";
import { requireApiUser } from "~/modules/auth/guards.server";
import { getVisibleCard } from "~/modules/cards/cards.server";
import { activityBodySchema } from "~/modules/habit/habit.schema";
import { recordActivity } from "~/modules/habit/record-activity.server";
import { enforceRateLimits } from "~/modules/ratelimit/enforce.server";
import { rememberTimeZone, timeZoneFromRequest } from "~/modules/users/time-zone.server";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/activity `{ cardId, activityType, userId?, metadata?, timeZone? }` → 201 `{ activity, newBadges }`.
 * Signed-in users only, for themselves only, and only on a card they may see: a paid card without access and an
 * unknown id get the same 404. The day counts in `timeZone`, else the `lc_tz` cookie's zone, else the stored one.
 */
export const action = jsonAction(
  {
    caller: async ({ context, request }) => {
      const user = await requireApiUser(context);
      await enforceRateLimits(context, request, [{ rule: "activity_email", email: user.email }]);
      return user;
    },
    body: activityBodySchema,
    failure: "Could not record the activity. Please try again.",
  },
  async ({ context, request, input, caller: user }) => {
    if (input.userId !== undefined && input.userId !== user.id) return apiError(403, "You can only record your own activity.");
    const card = await getVisibleCard(context.db, await cardAudienceFor(context.db, user), input.cardId);
    if (!card) return apiError(404, "Card not found.");
    const timeZone = await rememberTimeZone(context.db, user, input.timeZone ?? timeZoneFromRequest(request));
    const { activity, newBadges } = await recordActivity(context.db, {
      userId: user.id,
      cardId: card.id,
      activityType: input.activityType,
      metadata: input.metadata ?? null,
      timeZone,
    });
    return Response.json({ activity, newBadges }, { status: 201, headers: NO_STORE });
  },
);
