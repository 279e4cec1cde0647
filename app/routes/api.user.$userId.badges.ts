import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/modules/api/json.server";
import { NO_STORE, requireApiSubject } from "~/modules/api/subject.server";
import { listBadges } from "~/modules/habit/progress.server";

/**
 * GET /api/user/{userId}/badges → `{ earned, next, all }`: badges earned, the one closest to completion, and
 * every badge with its progress. Only that user or an admin; anyone else 403, no session 401.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const { subject } = await requireApiSubject(context, params.userId ?? "");
  return Response.json(await listBadges(context.db, subject.id), { headers: NO_STORE });
}

export const action = () => methodNotAllowed(["GET"]);
