import { type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";
import { NO_STORE } from "~/modules/api/subject.server";
import { requireUser } from "~/modules/auth/guards.server";
import { cardIdSchema } from "~/modules/cards/cards.schema";
import { shareIntentUrl } from "~/modules/sharing/share-path";
import { shareTargetSchema } from "~/modules/sharing/share-target.schema";
import { issueShareUrl } from "~/modules/sharing/shared-card.server";

/**
 * GET /share-link/{cardId}[?via=x|facebook|whatsapp]: a card's share link, signed for the signed-in buyer when they
 * share it (docs/decisions/019-share-links.md). JSON `{ url }` for the copy and the share sheet; with `via`, a
 * redirect to that site's share page, so the share menu works without JavaScript. Signing changes nothing stored.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const cardId = cardIdSchema.safeParse(params.cardId);
  if (!cardId.success) return new Response("Card not found", { status: 404, headers: NO_STORE });
  const via = shareTargetSchema.optional().safeParse(new URL(request.url).searchParams.get("via") ?? undefined);
  if (!via.success) return new Response("Unknown share target", { status: 400, headers: NO_STORE });
  const user = await requireUser(context, request);
  const issued = await issueShareUrl(context, user, cardId.data);
  if (!issued) return new Response("Card not found", { status: 404, headers: NO_STORE });
  if (issued === "unavailable") return new Response("Sharing is not available right now.", { status: 503, headers: NO_STORE });
  if (via.data) return redirect(shareIntentUrl(via.data, issued.card, issued.url), { status: 303, headers: NO_STORE });
  return Response.json({ url: issued.url }, { headers: NO_STORE });
}
