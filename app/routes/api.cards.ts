import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getCardsFor, listCategories } from "~/modules/cards/cards.server";
import { categoryQuerySchema, resolveCategory } from "~/validation/cards";

/**
 * GET /api/cards → { cards, isPreview, totalAvailable }.
 * Visitors get preview cards only (at most 6, of ?category=); accounts arrive with the accounts issue.
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

  const result = await getCardsFor(context.db, "visitor", { category: selection.slug });
  return Response.json(result, { headers: { "Cache-Control": "private, no-store" } });
}
