import { type ActionFunctionArgs, data, redirect } from "@remix-run/cloudflare";
import { safeRedirectPath } from "~/modules/auth/auth.schema";
import { requireUser } from "~/modules/auth/guards.server";
import { cardAnchor } from "~/modules/cards/card";
import type { FavoriteActionData } from "~/modules/favorites/favorite-action";
import { favoriteFormSchema } from "~/modules/favorites/favorites.schema";
import { changeFavorite } from "~/modules/favorites/favorites.server";
import { badgeToast } from "~/modules/habit/badge-toast";
import type { EarnedBadge } from "~/modules/habit/progress";
import { logProblem } from "~/modules/observability/log.server";
import type { ToastInput } from "~/modules/toast/toast";
import { createToastHeaders, redirectWithToast } from "~/modules/toast/toast.server";

/**
 * POST /favorites: the favourite button on every card a signed-in user sees. Without JavaScript the form carries
 * `redirectTo` and the answer is a redirect back there with a flash toast; with JavaScript the button submits
 * through a fetcher without it and reads this data (optimistic, then the toast).
 */
const FAILED: ToastInput = { type: "error", title: "Error", description: "Failed to update favorites. Please try again." };

export async function loader() {
  return redirect("/cards?favorites=1");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(context, request);
  const form = Object.fromEntries(await request.formData());
  const parsed = favoriteFormSchema.safeParse(form);
  const redirectTo = typeof form.redirectTo === "string" ? safeRedirectPath(form.redirectTo, "/cards") : null;
  // A success toast is flashed for the next page (no JavaScript) or for the root loader's revalidation (a fetcher):
  // the button may be gone by then (unfavourited in the favourites list), the root never is. A failure changes
  // nothing and does not revalidate, so the button that is still there shows it.
  // Bad input without JavaScript is a 4xx page with its message (the root error page shows it).
  const answer = async (status: number, body: FavoriteActionData) => {
    if (redirectTo && status >= 400 && status < 500) throw new Response(body.toast.description ?? body.toast.title, { status });
    // Back to the card the reader tapped, not the top of a list tens of screens long (its id: cardAnchor).
    if (redirectTo) return redirectWithToast(context.config, withCardAnchor(redirectTo, body.cardId), body.toast);
    return data(body, { status, headers: body.ok ? await createToastHeaders(context.config, body.toast) : undefined });
  };

  if (!parsed.success) {
    const description = parsed.error.issues[0]?.message ?? "Invalid input";
    return answer(400, { ok: false, cardId: null, toast: { type: "error", title: "Error", description } });
  }
  const { cardId, intent } = parsed.data;
  try {
    const result = await changeFavorite(context, request, user, cardId, intent === "add", user);
    if (!result.ok) return answer(403, { ok: false, cardId, toast: { ...FAILED, description: "That card is not in your collection." } });
    return answer(200, { ok: true, cardId, isFavorite: result.isFavorite, toast: favoriteToast(result.isFavorite, result.newBadges) });
  } catch (error) {
    logProblem("error", "Updating a favourite failed", error);
    return answer(503, { ok: false, cardId, toast: FAILED });
  }
}

function withCardAnchor(path: string, cardId: string | null): string {
  return cardId ? `${path.split("#")[0]}#${cardAnchor(cardId)}` : path;
}

function favoriteToast(isFavorite: boolean, newBadges: EarnedBadge[]): ToastInput {
  const confirmation = isFavorite ? "Added to Favorites" : "Removed from Favorites";
  return badgeToast(newBadges, confirmation) ?? { type: "success", title: confirmation };
}
