/**
 * Favourites: one table and one module behind the /favorites form and both API families of the spec
 * (/api/user/{userId}/favorites... and /api/favorites/{userId}...). Each path serves only that user or an admin.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { fetchApp, ORIGIN, postForm, visibleText } from "./helpers";
import { admin, api, buyer, paidCard, previewCardIds, signedInUser } from "./library-support";

const json = (body: unknown) => JSON.stringify(body);

async function favoriteRows(userId: string): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT card_id FROM user_favorites WHERE user_id = ? ORDER BY card_id")
    .bind(userId)
    .all<{ card_id: string }>();
  return results.map((row) => row.card_id);
}

/** Every way the spec lets a client read or change a user's favourites, aimed at `userId`. */
function everyFavoritesPath(userId: string, cardId: string) {
  return [
    { method: "GET", path: `/api/user/${userId}/favorites` },
    { method: "GET", path: `/api/favorites/${userId}` },
    { method: "POST", path: `/api/user/${userId}/favorites`, body: json({ cardId }) },
    { method: "POST", path: "/api/favorites", body: json({ userId, cardId }) },
    { method: "DELETE", path: `/api/user/${userId}/favorites/${cardId}` },
    { method: "DELETE", path: `/api/favorites/${userId}/${cardId}` },
  ];
}

describe("favourites: one implementation behind every path", () => {
  it("a favourite added through one API family shows in the other, in /api/user/favorites and on /cards; removing it through either clears it everywhere", async () => {
    const me = await buyer();
    const { id: cardId } = await paidCard();

    const added = await api(`/api/user/${me.id}/favorites`, { token: me.token, method: "POST", body: json({ cardId }) });
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({ cardId, isFavorite: true });

    const other = await api(`/api/favorites/${me.id}`, { token: me.token });
    expect(((await other.json()) as { cardId: string }[]).map((favorite) => favorite.cardId)).toEqual([cardId]);
    expect(await (await api("/api/user/favorites", { token: me.token })).json()).toEqual([cardId]);
    const page = visibleText(await (await fetchApp("/cards?favorites=1", { headers: { Cookie: me.cookie } })).text());
    expect(page).toContain("Show Favorites Only (1)");
    expect(page).toContain("Your Favorite Cards");
    const total = await env.DB.prepare("SELECT count(*) AS n FROM affirmation_cards").first<{ n: number }>();
    expect(page).toContain(`Showing 1 of ${total!.n} cards (favorites only)`);

    const removed = await api(`/api/favorites/${me.id}/${cardId}`, { token: me.token, method: "DELETE" });
    expect(removed.status).toBe(200);
    expect(await (await api(`/api/user/${me.id}/favorites`, { token: me.token })).json()).toEqual([]);
    expect(await favoriteRows(me.id)).toEqual([]);
  });

  it("adding twice keeps one row (201 then 200) and removing what is absent is harmless", async () => {
    const me = await buyer();
    const { id: cardId } = await paidCard();
    const first = await api("/api/favorites", { token: me.token, method: "POST", body: json({ userId: me.id, cardId }) });
    const second = await api(`/api/user/${me.id}/favorites`, { token: me.token, method: "POST", body: json({ cardId }) });
    expect([first.status, second.status]).toEqual([201, 200]);
    expect(await favoriteRows(me.id)).toEqual([cardId]);

    for (const path of [`/api/user/${me.id}/favorites/${cardId}`, `/api/favorites/${me.id}/${cardId}`]) {
      expect((await api(path, { token: me.token, method: "DELETE" })).status).toBe(200);
    }
    expect(await favoriteRows(me.id)).toEqual([]);
  });

  it("concurrent adds of one card leave exactly one row", async () => {
    const me = await buyer();
    const { id: cardId } = await paidCard();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => api(`/api/user/${me.id}/favorites`, { token: me.token, method: "POST", body: json({ cardId }) })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(await favoriteRows(me.id)).toEqual([cardId]);
  });

  it("a favourite is an activity: the stats count it", async () => {
    const me = await buyer();
    const { id: cardId } = await paidCard();
    await api(`/api/user/${me.id}/favorites`, { token: me.token, method: "POST", body: json({ cardId }) });
    const stats = (await (await api(`/api/user/${me.id}/stats`, { token: me.token })).json()) as { totalFavorites: number };
    expect(stats.totalFavorites).toBe(1);
    const activity = (await (await api(`/api/user/${me.id}/activity`, { token: me.token })).json()) as {
      items: { activityType: string; cardId: string }[];
    };
    expect(activity.items[0]).toMatchObject({ activityType: "favorite", cardId });
  });
});

describe("favourites: nobody reads or changes another user's", () => {
  it("user A gets 403 on every path aimed at B, and B's favourites are untouched", async () => {
    const [a, b] = await Promise.all([buyer("a"), buyer("b")]);
    const { id: cardId } = await paidCard();
    await api(`/api/user/${b.id}/favorites`, { token: b.token, method: "POST", body: json({ cardId }) });
    const [preview] = await previewCardIds();

    for (const { method, path, body } of [...everyFavoritesPath(b.id, cardId), ...everyFavoritesPath(b.id, preview!)]) {
      for (const auth of [{ token: a.token }, { cookie: a.cookie }]) {
        const response = await api(path, { ...auth, method, body });
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(JSON.stringify(await response.json())).not.toContain(cardId);
      }
    }
    expect(await favoriteRows(b.id)).toEqual([cardId]);
  });

  it("without a session every path is a 401", async () => {
    const b = await buyer();
    const { id: cardId } = await paidCard();
    for (const { method, path, body } of [...everyFavoritesPath(b.id, cardId), { method: "GET", path: "/api/user/favorites" }]) {
      expect((await api(path, { method, body })).status, `${method} ${path}`).toBe(401);
    }
  });

  it("an admin may read and change a user's favourites; an unknown user is a 404", async () => {
    const [b, boss] = await Promise.all([buyer(), admin()]);
    const { id: cardId } = await paidCard();
    const added = await api("/api/favorites", { token: boss.token, env: boss.vars, method: "POST", body: json({ userId: b.id, cardId }) });
    expect(added.status).toBe(201);
    const list = await api(`/api/favorites/${b.id}`, { token: boss.token, env: boss.vars });
    expect(((await list.json()) as { cardId: string }[]).map((favorite) => favorite.cardId)).toEqual([cardId]);
    expect((await api("/api/favorites/no-such-user", { token: boss.token, env: boss.vars })).status).toBe(404);
  });
});

describe("favourites without access", () => {
  it("a user without access can favourite one of their preview cards but not a paid card, by any path", async () => {
    const me = await signedInUser("preview");
    const [preview] = await previewCardIds();
    const paid = await paidCard();

    for (const attempt of [
      () => api(`/api/user/${me.id}/favorites`, { token: me.token, method: "POST", body: json({ cardId: paid.id }) }),
      () => api("/api/favorites", { token: me.token, method: "POST", body: json({ userId: me.id, cardId: paid.id }) }),
    ]) {
      const response = await attempt();
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "Card not found." });
    }
    const form = await postForm("/favorites", { cardId: paid.id, intent: "add", redirectTo: "/dashboard" }, { cookie: me.cookie });
    expect(form.status).toBe(403);
    expect(visibleText(await form.text())).toContain("That card is not in your collection.");
    expect(await favoriteRows(me.id)).toEqual([]);

    expect((await api(`/api/user/${me.id}/favorites`, { token: me.token, method: "POST", body: json({ cardId: preview }) })).status).toBe(
      201,
    );
    expect(await favoriteRows(me.id)).toEqual([preview]);
  });
});

describe("the /favorites form (the heart without JavaScript)", () => {
  it("adds, then goes back where the user was with 'Added to Favorites'; removes with 'Removed from Favorites'", async () => {
    const me = await buyer();
    const { id: cardId } = await paidCard();
    const added = await postForm("/favorites", { cardId, intent: "add", redirectTo: "/cards?category=morning" }, { cookie: me.cookie });
    expect(added.status).toBe(302);
    // Back to the card itself (its fragment id), so the reader keeps their place in a long list.
    expect(added.headers.get("Location")).toBe(`/cards?category=morning#card-${cardId}`);
    const toastCookie = added.headers.getSetCookie().find((cookie) => cookie.startsWith("lc_toast="));
    const landing = await fetchApp("/cards?category=morning", { headers: { Cookie: `${me.cookie}; ${toastCookie?.split(";")[0]}` } });
    expect(visibleText(await landing.text())).toContain("Added to Favorites");
    expect(await favoriteRows(me.id)).toEqual([cardId]);

    const removed = await postForm("/favorites", { cardId, intent: "remove", redirectTo: "/dashboard" }, { cookie: me.cookie });
    expect(removed.headers.get("Location")).toBe(`/dashboard#card-${cardId}`);
    expect(await favoriteRows(me.id)).toEqual([]);
  });

  it("answers a script (no redirectTo) with data, and never redirects off the site", async () => {
    const me = await buyer();
    const { id: cardId } = await paidCard();
    // A fetcher posts to the route's single-fetch data URL.
    const fetcherAnswer = await postForm("/favorites.data", { cardId, intent: "add" }, { cookie: me.cookie });
    expect(fetcherAnswer.status).toBe(200);
    expect(fetcherAnswer.headers.get("Location")).toBeNull();
    expect(await fetcherAnswer.text()).toContain("Added to Favorites");

    const offsite = await postForm("/favorites", { cardId, intent: "remove", redirectTo: "//evil.example/steal" }, { cookie: me.cookie });
    expect(new URL(offsite.headers.get("Location") ?? "", ORIGIN).origin).toBe(ORIGIN);
  });

  it("bad input is a 400 with a clear message, not a 500", async () => {
    const me = await buyer();
    const missing = await api(`/api/user/${me.id}/favorites`, { token: me.token, method: "POST", body: json({}) });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: "cardId is required." });
    const broken = await api("/api/favorites", { token: me.token, method: "POST", body: "{not json" });
    expect(broken.status).toBe(400);
    const wrongMethod = await api(`/api/user/${me.id}/favorites`, { token: me.token, method: "PUT", body: json({ cardId: "x" }) });
    expect(wrongMethod.status).toBe(405);
    // Without JavaScript, bad input is a 4xx page that says what was wrong.
    const unknown = await postForm("/favorites", { cardId: "<script>", intent: "add", redirectTo: "/cards" }, { cookie: me.cookie });
    expect(unknown.status).toBe(403);
    expect(visibleText(await unknown.text())).toContain("That card is not in your collection.");
    const missingField = await postForm("/favorites", { intent: "add", redirectTo: "/cards" }, { cookie: me.cookie });
    expect(missingField.status).toBe(400);
    expect(visibleText(await missingField.text())).toContain("cardId is required.");
    expect(await favoriteRows(me.id)).toEqual([]);
  });
});
