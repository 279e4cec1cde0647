import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { NO_STORE } from "~/modules/api/subject.server";
import { offlineCollectionFor, offlineMarkerCookie } from "~/modules/offline/offline-collection.server";

/**
 * GET /offline-collection.json: which account's pages this browser may keep offline, for the service worker
 * (docs/decisions/025-installable-offline.md). `{ key: null }` for anyone who may keep none; the session's marker
 * cookie follows the answer.
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const collection = await offlineCollectionFor(context, request);
  const headers = new Headers(NO_STORE);
  const marker = offlineMarkerCookie(request, collection);
  if (marker) headers.append("Set-Cookie", marker);
  return Response.json(collection, { headers });
}
