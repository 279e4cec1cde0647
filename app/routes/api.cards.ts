import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { cardAudienceFor } from "~/modules/access/access.server";
import { methodNotAllowed } from "~/modules/api/json.server";
import { getUser } from "~/modules/auth/guards.server";
import { categoryQuerySchema, resolveCategory } from "~/modules/cards/cards.schema";
import { getCardsFor, listCategories } from "~/modules/cards/cards.server";
import { publicJson } from "~/modules/http/page-policy";

/** A visitor's preview cards, with or without ?category= (a buyer's request carries a session: never the cache's). */
export const handle = publicJson;

/**
 * GET /api/cards → { cards, isPreview, totalAvailable }, for whoever asks (cookie or bearer token):
 * visitors get at most 6 preview cards of ?category=, signed-in users without access every preview card,
 * buyers every card.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = categoryQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) {
    return Response.json({ error: query.error.issues[0]?.message ?? "Invalid input" }, { status: 400 });
  }
  const categories = await listCategories(context.db);
  const selection = resolveCategory(query.data.category, categories);
  if (selection.error) return Response.json({ error: selection.error }, { status: 400 });

  const audience = await cardAudienceFor(context.db, await getUser(context));
  const result = await getCardsFor(context.db, audience, { category: selection.slug });
  return Response.json(result, { headers: { "Cache-Control": "private, no-store" } });
}

export const action = () => methodNotAllowed(["GET"]);
