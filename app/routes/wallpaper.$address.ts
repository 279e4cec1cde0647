import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { capabilityAddress } from "~/modules/http/page-policy";
import { addressFileSchema, SCREEN_SIZE_MESSAGE, screenQuerySchema } from "~/modules/wallpaper/wallpaper.schema";
import { plainAnswer, todaysWallpaper, WALLPAPER_MESSAGES, wallpaperResponse } from "~/modules/wallpaper/wallpaper-image.server";
import { findWallpaperOwner } from "~/modules/wallpaper/wallpaper-tokens.server";

/** Reached by its token alone: no session, no cookie, no shared cache (app/modules/http/page-policy.ts). */
export const handle = capabilityAddress;

/**
 * GET /wallpaper/{token}.png?w=&h=: a buyer's private wallpaper address (docs/decisions/044-wallpaper-address.md),
 * fetched each morning by an iOS Shortcut or an Android automation. Today's card in the buyer's style at the phone's
 * size; a browser or app may keep it until the buyer's day ends, when tomorrow's card takes its place.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const screen = screenQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!screen.success) return plainAnswer(SCREEN_SIZE_MESSAGE, 400);
  const token = addressFileSchema.safeParse(params.address);
  const owner = token.success ? await findWallpaperOwner(context.db, token.data) : null;
  if (!owner) return plainAnswer(WALLPAPER_MESSAGES.notAnAddress, 403);
  const wallpaper = await todaysWallpaper(context, request, { owner, style: owner.style, output: screen.data, now: new Date() });
  return wallpaperResponse(wallpaper, (seconds) => `private, max-age=${seconds}`);
}
