/**
 * Today's card as a phone wallpaper (docs/decisions/044-wallpaper-address.md): the buyer's own calendar day in the zone
 * their account keeps, the card /today shows for it (the one they picked, else the day's own), drawn by the card-image
 * engine at the phone's size and kept in R2 per card, style and size. Only while they have access.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { User } from "#db/schema";
import { getAccessStatus } from "~/modules/access/access.server";
import { describeCardImage, getCardPng, type ImageOutput } from "~/modules/images/card-images.server";
import type { ImageStyle } from "~/modules/images/styles";
import { todayForAccount } from "~/modules/practice/today.server";
import { enforceRateLimits } from "~/modules/ratelimit/enforce.server";
import { secondsUntilDayEnds } from "~/modules/users/time-zone";

export const WALLPAPER_MESSAGES = {
  notAnAddress: "This wallpaper address does not work: it was turned off or replaced. Make a new one at /wallpaper.",
  accessEnded: "This wallpaper is for LIGHT Cards members with access.",
  noCard: "The collection has no card for today yet.",
} as const;

export type Wallpaper =
  | {
      status: 200;
      body: ReadableStream | Uint8Array;
      etag: string;
      source: string;
      /** Seconds until the buyer's day ends, when tomorrow's card takes its place. */
      secondsLeftToday: number;
    }
  | { status: 304; etag: string; secondsLeftToday: number }
  | { status: 403 | 404; message: string };

/** The If-None-Match header names this ETag (a list, `*`, or a weak form of it). */
function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((candidate) => {
    const tag = candidate.trim();
    return tag === "*" || tag === etag || tag === `W/${etag}`;
  });
}

/**
 * Today's wallpaper for `owner` in `style` at `output`: 403 when their access has ended, 304 when the request already
 * holds this picture (its ETag names card, style, size and drawing), else the PNG. Drawing it (an R2 miss) counts
 * against the owner's draws per minute, so a stream of new sizes cannot keep the renderer busy.
 */
export async function todaysWallpaper(
  context: AppLoadContext,
  request: Request,
  input: { owner: Pick<User, "id" | "timeZone">; style: ImageStyle; output: ImageOutput; now: Date },
): Promise<Wallpaper> {
  const { owner, style, output, now } = input;
  // Both reads leave in one D1 batch.
  const [access, today] = await Promise.all([getAccessStatus(context.db, owner.id), todayForAccount(context, owner, now)]);
  if (!access.hasAccess) return { status: 403, message: WALLPAPER_MESSAGES.accessEnded };
  if (!today) return { status: 404, message: WALLPAPER_MESSAGES.noCard };
  const secondsLeftToday = secondsUntilDayEnds(now, today.timeZone);
  const { etag } = await describeCardImage(today.card, style, "wallpaper", output);
  if (matchesEtag(request.headers.get("If-None-Match"), etag)) return { status: 304, etag, secondsLeftToday };
  const drawn = await getCardPng(context, today.card, style, "wallpaper", output, null, () =>
    enforceRateLimits(context, request, [{ rule: "wallpaper_draw_subject", subject: owner.id }]),
  );
  return { status: 200, body: drawn.body, etag, source: drawn.source, secondsLeftToday };
}

/** A refusal or a bad request: plain text that no cache keeps. */
export function plainAnswer(message: string, status: number): Response {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/** The answer for a wallpaper: the PNG (or 304) with its ETag and `cacheControl(secondsLeftToday)`, or the refusal. */
export function wallpaperResponse(wallpaper: Wallpaper, cacheControl: (secondsLeftToday: number) => string): Response {
  if ("message" in wallpaper) return plainAnswer(wallpaper.message, wallpaper.status);
  const headers = new Headers({ ETag: wallpaper.etag, "Cache-Control": cacheControl(wallpaper.secondsLeftToday) });
  if (!("body" in wallpaper)) return new Response(null, { status: 304, headers });
  headers.set("Content-Type", "image/png");
  headers.set("X-Image-Cache", wallpaper.source);
  // A Uint8Array is a valid body; TypeScript's DOM types only accept one over a plain ArrayBuffer.
  return new Response(wallpaper.body as BodyInit, { status: 200, headers });
}
