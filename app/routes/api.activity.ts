import { pageAudienceFor } from "~/modules/access/access.server";
import { apiError, jsonAction, methodNotAllowed } from "~/modules/api/json.server";
import { NO_STORE } from "~/modules/api/subject.server";
import { requireApiUserWith } from "~/modules/auth/guards.server";
import { findLibraryCard } from "~/modules/cards/public-collection.server";
import { activityBodySchema } from "~/modules/habit/habit.schema";
import { recordActivity } from "~/modules/habit/record-activity.server";
import { enforceRateLimits } from "~/modules/ratelimit/enforce.server";
import { rememberTimeZone, timeZoneFromRequest } from "~/modules/users/time-zone.server";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/activity `{ cardId, activityType, userId?, metadata?, timeZone? }` → 201 `{ activity, newBadges }`.
 * Signed-in users only, for themselves only, and only on a card they may see: a paid card without access and an
 * unknown id get the same 404. The day counts in `timeZone`, else the `lc_tz` cookie's zone, else the stored one.
 * What the caller may see is read with the session's check (one round trip), the card from the isolate's collection.
 */
export const action = jsonAction(
  {
    caller: async ({ context, request }) => {
      const { user, own: audience } = await requireApiUserWith(context, (owner) => pageAudienceFor(context.db, owner));
      await enforceRateLimits(context, request, [{ rule: "activity_email", email: user.email }]);
      return { user, audience };
    },
    body: activityBodySchema,
    failure: "Could not record the activity. Please try again.",
  },
  async ({ context, request, input, caller: { user, audience } }) => {
    if (input.userId !== undefined && input.userId !== user.id) return apiError(403, "You can only record your own activity.");
    const card = await findLibraryCard(context, audience, input.cardId);
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
