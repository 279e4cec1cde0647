import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_CARD_ID } from "~/modules/cards/cards.server";
import { readConfig } from "~/modules/config/config.server";
import { edgeCache } from "~/modules/http/edge-cache.server";
import { edgeCacheKey, RENDERER_VERSION } from "~/modules/images/card-images.server";
import { IMAGE_STYLES } from "~/modules/images/designs";
import { UNKNOWN_FORMAT, UNKNOWN_SIZE, UNKNOWN_STYLE } from "~/modules/images/images.schema";
import { shareTokenFor } from "~/modules/sharing/share-links.server";
import { fetchApp, ORIGIN } from "./helpers";
import { buyer, type Caller, paidCard, shareLinkOf, signedInUser } from "./library-support";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Width and height from the PNG's IHDR chunk (bytes 16–23, big-endian), after checking the signature. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  expect(Array.from(bytes.slice(0, 8))).toEqual(PNG_SIGNATURE);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function image(cardId: string, query = "", headers: Record<string, string> = {}) {
  return fetchApp(`/cards/${cardId}/image.png${query}`, { headers });
}

async function png(response: Response): Promise<Uint8Array> {
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("image/png");
  return new Uint8Array(await response.arrayBuffer());
}

describe("card images: GET /cards/{id}/image.png", () => {
  let paid: { id: string };
  let owner: Caller;

  beforeAll(async () => {
    paid = await paidCard();
    owner = await buyer("images");
  });

  it("answers a PNG of 1200x800 for a card and 1080x1920 for a wallpaper, never the card page", async () => {
    const card = await image(SAMPLE_CARD_ID);
    expect(pngSize(await png(card))).toEqual({ width: 1200, height: 800 });
    const wallpaper = await image(SAMPLE_CARD_ID, "?format=wallpaper&style=modern");
    expect(pngSize(await png(wallpaper))).toEqual({ width: 1080, height: 1920 });
  });

  it("draws a thumbnail (size=thumb) of each style and the wallpaper: small, a PNG, cached like the full image", async () => {
    for (const [query, size] of [
      ["?style=modern&size=thumb", { width: 240, height: 160 }],
      ["?style=elegant&format=wallpaper&size=thumb", { width: 135, height: 240 }],
    ] as const) {
      const first = await image(SAMPLE_CARD_ID, query);
      expect(first.headers.get("X-Image-Cache")).toBe("miss");
      expect(first.headers.get("Cache-Control")).toBe("public, max-age=86400");
      const bytes = await png(first);
      expect(pngSize(bytes)).toEqual(size);
      expect(bytes.length).toBeLessThan(60_000);
      // The full image of the same style and format is another picture, with its own ETag.
      const full = await image(SAMPLE_CARD_ID, query.replace("&size=thumb", ""));
      expect(full.headers.get("ETag")).not.toBe(first.headers.get("ETag"));
      await full.arrayBuffer();
      const again = await image(SAMPLE_CARD_ID, query);
      expect(again.headers.get("X-Image-Cache")).toBe("edge");
      expect(await png(again)).toEqual(bytes);
    }
    // Kept in R2 beside the full images, under a key of its own that carries the content hash.
    const stored = await env.CARD_ASSETS.list({ prefix: `card-images/v${RENDERER_VERSION}/${SAMPLE_CARD_ID}/card-modern-thumb-` });
    expect(stored.objects).toHaveLength(1);
    expect(stored.objects[0]?.key).toMatch(/-thumb-[0-9a-f]{16}\.png$/);

    // A paid card's thumbnail is the buyer's only, as its image is.
    const asBuyer = await image(paid.id, "?size=thumb", { Cookie: owner.cookie });
    expect(pngSize(await png(asBuyer))).toEqual({ width: 240, height: 160 });
    expect(asBuyer.headers.get("Cache-Control")).toBe("private, max-age=86400");
    expect((await image(paid.id, "?size=thumb")).status).toBe(403);

    const unknown = await image(SAMPLE_CARD_ID, "?size=huge");
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toBe(UNKNOWN_SIZE);
  });

  it("draws four different designs", async () => {
    const bodies = await Promise.all(IMAGE_STYLES.map(async (style) => png(await image(SAMPLE_CARD_ID, `?style=${style}`))));
    const distinct = new Set(bodies.map((bytes) => Array.from(bytes.slice(0, 4096)).join(",") + bytes.length));
    expect(distinct.size).toBe(IMAGE_STYLES.length);
    for (const bytes of bodies) expect(pngSize(bytes)).toEqual({ width: 1200, height: 800 });
  });

  it("draws once: later requests come from the edge cache, or from R2 where the edge has not got it", async () => {
    const first = await image(SAMPLE_CARD_ID, "?style=peaceful&format=wallpaper");
    expect(first.headers.get("X-Image-Cache")).toBe("miss");
    const firstBytes = await png(first);
    const listed = await env.CARD_ASSETS.list({ prefix: `card-images/v${RENDERER_VERSION}/${SAMPLE_CARD_ID}/wallpaper-peaceful-` });
    expect(listed.objects).toHaveLength(1);
    const stored = await env.CARD_ASSETS.head(listed.objects[0]?.key ?? "");
    expect(stored?.httpMetadata?.contentType).toBe("image/png");

    const second = await image(SAMPLE_CARD_ID, "?style=peaceful&format=wallpaper");
    expect(second.headers.get("X-Image-Cache")).toBe("edge");
    expect(second.headers.get("ETag")).toBe(first.headers.get("ETag"));
    expect(await png(second)).toEqual(firstBytes);

    // Another colo's cache is empty: it reads R2, never the renderer.
    const edgeKey = edgeCacheKey(ORIGIN, { key: listed.objects[0]?.key ?? "", etag: "", hash: "" });
    expect(await edgeCache().delete(edgeKey)).toBe(true);
    const third = await image(SAMPLE_CARD_ID, "?style=peaceful&format=wallpaper");
    expect(third.headers.get("X-Image-Cache")).toBe("hit");
    expect(await png(third)).toEqual(firstBytes);
  });

  it("keeps a paid card's image out of the shared edge cache", async () => {
    const first = await image(paid.id, "?style=modern", { Cookie: owner.cookie });
    await png(first);
    const again = await image(paid.id, "?style=modern", { Cookie: owner.cookie });
    expect(again.headers.get("X-Image-Cache")).toBe("hit");
    await again.arrayBuffer();
  });

  it("sends a strong ETag from the content and answers If-None-Match with 304 and no body", async () => {
    const response = await image(SAMPLE_CARD_ID, "?style=warm");
    await png(response);
    const etag = response.headers.get("ETag") ?? "";
    expect(etag).toMatch(/^"[0-9a-f]{16}"$/);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=86400");

    const revalidated = await image(SAMPLE_CARD_ID, "?style=warm", { "If-None-Match": etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("ETag")).toBe(etag);
    expect(await revalidated.text()).toBe("");
    // Another style is another image: its ETag differs.
    const other = await image(SAMPLE_CARD_ID, "?style=elegant", { "If-None-Match": etag });
    expect(other.status).toBe(200);
    expect(other.headers.get("ETag")).not.toBe(etag);
    await other.arrayBuffer();
  });

  it("shows a paid card to a buyer (privately cached) and to nobody else", async () => {
    const asBuyer = await image(paid.id, "", { Cookie: owner.cookie });
    expect(pngSize(await png(asBuyer))).toEqual({ width: 1200, height: 800 });
    expect(asBuyer.headers.get("Cache-Control")).toBe("private, max-age=86400");
    const bearer = await image(paid.id, "", { Authorization: `Bearer ${owner.token}` });
    await png(bearer);

    const visitor = await image(paid.id);
    expect(visitor.status).toBe(403);
    expect(visitor.headers.get("Content-Type")).toMatch(/^text\/plain/);
    const member = await signedInUser("no-access");
    const withoutAccess = await image(paid.id, "", { Cookie: member.cookie });
    expect(withoutAccess.status).toBe(403);

    // A preview card is public: a visitor and a member without access both get it.
    await png(await image(SAMPLE_CARD_ID, "?style=modern"));
    await png(await image(SAMPLE_CARD_ID, "?style=modern", { Cookie: member.cookie }));
  });

  it("lets a share link's token open a paid card's image, and no forged token", async () => {
    const me = await buyer();
    const { token } = await shareLinkOf(me, paid.id);
    const shared = await image(paid.id, `?t=${token}&style=warm`);
    expect(pngSize(await png(shared))).toEqual({ width: 1200, height: 800 });
    expect(shared.headers.get("Cache-Control")).toBe("private, max-age=86400");

    const forged = await image(paid.id, `?t=${token.slice(0, -2)}AA&style=warm`);
    expect(forged.status).toBe(403);
    const otherCards = await image(paid.id, `?t=${await shareTokenFor(readConfig(env), SAMPLE_CARD_ID, me.id)}`);
    expect(otherCards.status).toBe(403);
  });

  it("refuses an unknown style or format with 400 naming the allowed values, an unknown card with 404", async () => {
    const style = await image(SAMPLE_CARD_ID, "?style=neon");
    expect(style.status).toBe(400);
    expect(style.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(await style.text()).toBe(UNKNOWN_STYLE);
    expect(UNKNOWN_STYLE).toContain("elegant, modern, peaceful, warm");

    const format = await image(SAMPLE_CARD_ID, "?format=poster");
    expect(format.status).toBe(400);
    expect(await format.text()).toBe(UNKNOWN_FORMAT);
    expect(UNKNOWN_FORMAT).toContain("card, wallpaper");

    expect((await image("no-such-card")).status).toBe(404);
    expect((await image("no-such-card", "", { Cookie: owner.cookie })).status).toBe(404);
  });

  it("names the download after the card and style with download=1", async () => {
    const card = await image(SAMPLE_CARD_ID, "?style=modern&download=1");
    await png(card);
    expect(card.headers.get("Content-Disposition")).toBe(`attachment; filename="${SAMPLE_CARD_ID}-modern.png"`);
    const wallpaper = await image(SAMPLE_CARD_ID, "?style=modern&format=wallpaper&download=1");
    await png(wallpaper);
    expect(wallpaper.headers.get("Content-Disposition")).toBe(`attachment; filename="${SAMPLE_CARD_ID}-modern-wallpaper.png"`);
    expect((await image(SAMPLE_CARD_ID, "?style=modern")).headers.get("Content-Disposition")).toBeNull();
  });

  it("draws every verse of the three-verse sample card", async () => {
    const row = await env.DB.prepare("SELECT scripture_references AS refs FROM affirmation_cards WHERE id = ?")
      .bind(SAMPLE_CARD_ID)
      .first<{ refs: string }>();
    expect(JSON.parse(row?.refs ?? "[]")).toHaveLength(3);
    for (const format of ["card", "wallpaper"]) {
      for (const style of IMAGE_STYLES) {
        const response = await image(SAMPLE_CARD_ID, `?style=${style}&format=${format}`);
        expect(pngSize(await png(response)).width).toBe(format === "card" ? 1200 : 1080);
      }
    }
  });
});
