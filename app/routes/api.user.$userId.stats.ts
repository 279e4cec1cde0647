import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/modules/api/json.server";
import { NO_STORE, requireApiSubject } from "~/modules/api/subject.server";
import { getStats, rememberTimeZone } from "~/modules/habit/activity.server";
import { timeZoneFromRequest } from "~/modules/habit/time-zone.server";

/**
 * GET /api/user/{userId}/stats → counters and the streak as it stands today in the user's zone.
 * Only that user or an admin; anyone else 403, no session 401.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { caller, subject } = await requireApiSubject(context, params.userId ?? "");
  // The user's own browser may report a new zone; an admin's browser says nothing about the user's.
  const timeZone = caller.id === subject.id ? await rememberTimeZone(context.db, subject, timeZoneFromRequest(request)) : subject.timeZone;
  return Response.json(await getStats(context.db, subject.id, { timeZone }), { headers: NO_STORE });
}

export const action = () => methodNotAllowed(["GET"]);
