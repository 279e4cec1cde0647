/**
 * Share links after the buyer's access ends (docs/decisions/019-share-links.md). A link names the buyer who shared
 * it and opens the paid card only while that buyer still has access: once a refund, a dispute or an admin's revoke
 * takes it away, every link they saved or sent answers the 403 page (the previews and the call to buy), its card
 * image too, and nobody reads the paid text through it. Other buyers' links are untouched. Links are signed with a
 * share-link key of their own (not the session secret), named by its id, so rotating it needs no one signed out.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { revokeAccessByEmail } from "~/modules/access/grants.server";
import { readConfig } from "~/modules/config/config.server";
import { signValue } from "~/modules/security/signatures.server";
import { fetchApp, fetchAppWithEnv, visibleText } from "../helpers";
import { buyer, db } from "../library-support";
import { otherSpellings } from "./spellings";

async function paidCardIds(count: number): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT id FROM affirmation_cards WHERE is_preview = 0 ORDER BY order_index LIMIT ?")
    .bind(count)
    .all<{ id: string }>();
  return results.map((row) => row.id);
}

async function affirmationOf(cardId: string): Promise<string> {
  const row = await env.DB.prepare("SELECT affirmation FROM affirmation_cards WHERE id = ?").bind(cardId).first<{ affirmation: string }>();
  return row?.affirmation ?? "";
}

async function linkOf(cookie: string, cardId: string, vars: Record<string, string> = {}): Promise<string> {
  const response = await fetchAppWithEnv(vars, `/share-link/${cardId}`, { headers: { Cookie: cookie, Accept: "application/json" } });
  expect(response.status).toBe(200);
  const { url } = (await response.json()) as { url: string };
  const link = new URL(url);
  return link.pathname + link.search;
}

async function opens(link: string, vars: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  const response = await fetchAppWithEnv(vars, link);
  return { status: response.status, text: visibleText(await response.text()) };
}

describe("a buyer's share links when their access ends", () => {
  it("every saved link of a revoked buyer answers 403 for anyone, image included; another buyer's links still open", async () => {
    const sharer = await buyer("sharer");
    const friend = await buyer("friend");
    const cards = await paidCardIds(5);
    const links = await Promise.all(cards.map((id) => linkOf(sharer.cookie, id)));
    const friendsLink = await linkOf(friend.cookie, cards[0] ?? "");
    for (const link of links) expect((await opens(link)).status, link).toBe(200);

    await revokeAccessByEmail(db, { email: sharer.email, actor: { userId: null, email: "tests" }, reason: "refund" });

    const stillOpen: string[] = [];
    for (const [index, link] of links.entries()) {
      const page = await opens(link);
      if (page.status !== 403 || page.text.includes(await affirmationOf(cards[index] ?? ""))) stillOpen.push(link);
      if (!page.text.includes("This share link has expired or is incomplete")) stillOpen.push(`${link}: not the 403 page`);
      const token = new URL(link, "http://x").searchParams.get("t");
      const image = await fetchApp(`/cards/${cards[index]}/image.png?t=${token}`);
      if (image.status !== 403) stillOpen.push(`${link}: image ${image.status}`);
    }
    expect(stillOpen).toEqual([]);
    expect((await opens(friendsLink)).status).toBe(200);
  });

  it("a link from before share links named their issuer (the session secret's token) opens nothing", async () => {
    const [cardId = ""] = await paidCardIds(1);
    const legacy = await signValue(readConfig(env), "light-cards share link v1\n", cardId);
    const page = await opens(`/share/${cardId}?t=${legacy}`);
    expect(page.status).toBe(403);
    expect(page.text).not.toContain(await affirmationOf(cardId));
  });

  it("a respelled token, or one naming another buyer, is refused", async () => {
    const sharer = await buyer("respell");
    const other = await buyer("other");
    const [cardId = ""] = await paidCardIds(1);
    const link = await linkOf(sharer.cookie, cardId);
    const token = new URL(link, "http://x").searchParams.get("t") ?? "";
    const [keyId, , signature = ""] = token.split(".");
    for (const spelling of otherSpellings(signature)) {
      expect((await opens(`/share/${cardId}?t=${keyId}.${sharer.id}.${spelling}`)).status).toBe(403);
    }
    expect((await opens(`/share/${cardId}?t=${keyId}.${other.id}.${signature}`)).status).toBe(403);
  });
});

describe("rotating the share-link key", () => {
  it("a link signed under a key that is still listed opens; once the key is dropped it opens nothing, and nobody is signed out", async () => {
    const sharer = await buyer("rotation");
    const [cardId = ""] = await paidCardIds(1);
    const k1 = { SHARE_LINK_SECRETS: "k1:first-share-link-secret-0123456789" };
    const both = { SHARE_LINK_SECRETS: "k2:second-share-link-secret-0123456789,k1:first-share-link-secret-0123456789" };
    const k2 = { SHARE_LINK_SECRETS: "k2:second-share-link-secret-0123456789" };
    const link = await linkOf(sharer.cookie, cardId, k1);
    expect(link).toContain("?t=k1.");
    expect((await opens(link, both)).status).toBe(200);
    expect(await linkOf(sharer.cookie, cardId, both)).toContain("?t=k2.");
    expect((await opens(link, k2)).status).toBe(403);
    expect((await fetchAppWithEnv(k2, "/api/auth/me", { headers: { Cookie: sharer.cookie } })).status).toBe(200);
  });
});
