import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getUser } from "~/modules/auth/guards.server";
import { PREVIEW_SCREENS } from "~/modules/wallpaper/wallpaper";
import { previewQuerySchema } from "~/modules/wallpaper/wallpaper.schema";
import { plainAnswer, todaysWallpaper, WALLPAPER_MESSAGES, wallpaperResponse } from "~/modules/wallpaper/wallpaper-image.server";

/**
 * GET /wallpaper/preview.png?style=&size=full|thumb: the signed-in buyer's wallpaper for today, small, for the settings
 * page (docs/decisions/044-wallpaper-address.md). The same picture the address serves, at the page's sizes. Revalidated
 * on every view (the card changes when the buyer picks another), a 304 costing one D1 round trip.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = previewQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return plainAnswer(query.error.issues[0]?.message ?? "Invalid query", 400);
  const user = await getUser(context);
  if (!user) return plainAnswer(WALLPAPER_MESSAGES.accessEnded, 403);
  const { style, size } = query.data;
  const wallpaper = await todaysWallpaper(context, request, { owner: user, style, output: PREVIEW_SCREENS[size], now: new Date() });
  const response = wallpaperResponse(wallpaper, () => "private, no-cache");
  response.headers.set("Vary", "Cookie");
  return response;
}
