import { jsonAction, methodNotAllowed } from "~/modules/api/json.server";
import { recordClick } from "~/modules/experiments/events.server";
import { previewClickSchema } from "~/modules/experiments/experiments.schema";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/experiments/events `{ event: "preview_click", target: "tab" | "card" }` → 204. Sent by the landing page
 * when a preview tab or card is clicked. The variants are the server's own (cookie, KV or user hash), never the
 * client's word; crawlers, opted-out visitors and browsers the landing never met are answered the same and counted
 * nowhere; a subject posting too often gets 429.
 */
export const action = jsonAction({ body: previewClickSchema }, async ({ context, request }) => {
  await recordClick(context, request, { type: "preview_click" });
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
});
