import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { recordLandingReturn } from "~/modules/experiments/events.server";

/** A transparent 1×1 GIF. */
const PIXEL = Uint8Array.from(atob("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"), (char) => char.charCodeAt(0));

/**
 * GET /api/experiments/seen: the image the landing page links (LANDING_RETURN_PATH). A browser that kept the cookies
 * the landing set comes back with them here, and that counts its first view (docs/decisions/020-ab-tests.md,
 * "Counting"); a request without a signed visitor id counts nothing and is given none. Always the same image.
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  await recordLandingReturn(context, request);
  return new Response(PIXEL, { headers: { "Content-Type": "image/gif", "Cache-Control": "no-store" } });
}
