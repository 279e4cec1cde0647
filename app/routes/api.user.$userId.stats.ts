import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/modules/api/json.server";
import { NO_STORE, requireApiSubject } from "~/modules/api/subject.server";
import { getStats } from "~/modules/habit/progress.server";
import { preferredTimeZone } from "~/modules/users/time-zone";
import { timeZoneFromRequest } from "~/modules/users/time-zone.server";

/**
 * GET /api/user/{userId}/stats → counters and the streak as it stands today in the user's zone.
 * Only that user or an admin; anyone else 403, no session 401.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { caller, subject } = await requireApiSubject(context, params.userId ?? "");
  // The user's own browser may report its zone (a GET stores nothing); an admin's browser says nothing about the user's.
  const timeZone = preferredTimeZone(caller.id === subject.id ? timeZoneFromRequest(request) : null, subject.timeZone);
  return Response.json(await getStats(context.db, subject.id, { timeZone }), { headers: NO_STORE });
}

export const action = () => methodNotAllowed(["GET"]);
