import { jsonAction, methodNotAllowed } from "~/modules/api/json.server";
import { NO_STORE, requireApiSubject } from "~/modules/api/subject.server";
import { checkBadges } from "~/modules/habit/record-activity.server";

/**
 * POST /api/user/{userId}/check-badges → `{ newBadges }`: awards what the stats have earned, each badge once
 * (concurrent calls included). Only that user or an admin; anyone else 403, no session 401.
 */
export const action = jsonAction({}, async ({ context, params }) => {
  const { subject } = await requireApiSubject(context, params.userId ?? "");
  return Response.json({ newBadges: await checkBadges(context.db, subject.id) }, { headers: NO_STORE });
});

export const loader = () => methodNotAllowed(["POST"]);
