import type { AppLoadContext } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { returnPathOf } from "~/modules/auth/auth.schema";
import { recordClick } from "./events.server";
import { ctaPlacementSchema } from "./experiments.schema";

/**
 * A counted buy button links to the checkout with its placement (`?cta=hero`): the click counts for the A/B tests
 * without JavaScript (docs/decisions/020-ab-tests.md), then a redirect drops the parameter, so a reload or a shared
 * URL counts nothing more.
 */
export async function countCtaClick(context: AppLoadContext, request: Request, url: URL): Promise<Response> {
  const placement = ctaPlacementSchema.safeParse(url.searchParams.get("cta"));
  if (placement.success) await recordClick(context, request, { type: "cta_click", placement: placement.data });
  url.searchParams.delete("cta");
  return redirect(returnPathOf(url) ?? url.pathname, 303);
}
