import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiError, methodNotAllowed } from "~/modules/api/json.server";
import { NO_STORE, requireApiSubject } from "~/modules/api/subject.server";
import { activityQuerySchema } from "~/modules/habit/habit.schema";
import { listActivity } from "~/modules/habit/progress.server";

/**
 * GET /api/user/{userId}/activity?page=1&pageSize=20 → `{ items, page, pageSize, hasMore }`, newest first.
 * Only that user or an admin; anyone else 403, no session 401; pageSize above 100 is a 400.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { subject } = await requireApiSubject(context, params.userId ?? "");
  const query = activityQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return apiError(400, query.error.issues[0]?.message ?? "Invalid input");
  return Response.json(await listActivity(context.db, subject.id, query.data), { headers: NO_STORE });
}

export const action = () => methodNotAllowed(["GET"]);
