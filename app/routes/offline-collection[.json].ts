import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { NO_STORE } from "~/modules/api/subject.server";
import { offlineCollectionFor } from "~/modules/offline/offline-collection.server";

/**
 * GET /offline-collection.json: which account's pages this browser may keep offline, for the service worker
 * (docs/decisions/025-installable-offline.md). `{ key: null }` for anyone who may keep none.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  return Response.json(await offlineCollectionFor(context), { headers: NO_STORE });
}
