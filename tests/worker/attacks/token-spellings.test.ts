/**
 * A signed token has one spelling. Base64 ignores the spare bits of its last character, so a 128-bit signature
 * (22 characters) decoded to the same bytes in 16 spellings; each of them opened what the real one opens, and a
 * token that can be respelled cannot be listed, compared or revoked by its text. Every other spelling now reads as
 * an invalid link: the unsubscribe page answers 400 and changes nothing.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { readConfig } from "~/modules/config/config.server";
import { unsubscribeLinks } from "~/modules/daily-card/unsubscribe.server";
import { fetchApp } from "../helpers";
import { signedInUser } from "../library-support";
import { otherSpellings } from "./spellings";

describe("a respelled signature", () => {
  it("an unsubscribe link with any of the 15 other spellings of its signature is invalid (400), the real one works", async () => {
    const user = await signedInUser("spelling");
    const token = new URL((await unsubscribeLinks(readConfig(env), user.id)).page).searchParams.get("token") ?? "";
    const [userId, signature = ""] = token.split(".");
    expect(signature).toHaveLength(22);
    const statuses = new Set<number>();
    for (const spelling of otherSpellings(signature)) {
      statuses.add((await fetchApp(`/unsubscribe?token=${encodeURIComponent(`${userId}.${spelling}`)}`)).status);
    }
    expect([...statuses]).toEqual([400]);
    expect((await fetchApp(`/unsubscribe?token=${encodeURIComponent(token)}`)).status).toBe(200);
  });
});
