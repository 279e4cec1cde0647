/**
 * An admin changing a user's favourite through the API (docs/decisions/015-habit-streaks-and-badges.md): the
 * admin's browser sends its own `lc_tz`. That zone is the admin's, not the user's: once it overwrote the user's
 * stored zone, which moved their streak days and the hour their daily card comes. Afterwards the user's zone is
 * what it was; the user's own browser still moves it.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { admin, api, previewCardIds, signedInUser } from "../library-support";

async function storedZone(userId: string): Promise<string | null> {
  return (
    (await env.DB.prepare("SELECT time_zone FROM users WHERE id = ?").bind(userId).first<{ time_zone: string | null }>())?.time_zone ?? null
  );
}

describe("an admin's browser zone", () => {
  it("never becomes the zone of the user whose favourite the admin changes", async () => {
    const boss = await admin();
    const user = await signedInUser("subject");
    await env.DB.prepare("UPDATE users SET time_zone = 'Europe/Madrid' WHERE id = ?").bind(user.id).run();
    const [cardId] = await previewCardIds();
    const asAdmin = { token: boss.token, cookie: "lc_tz=Pacific%2FKiritimati", env: boss.vars };
    const body = JSON.stringify({ cardId });
    expect((await api(`/api/user/${user.id}/favorites`, { ...asAdmin, method: "POST", body })).status).toBe(201);
    expect((await api(`/api/user/${user.id}/favorites/${cardId}`, { ...asAdmin, method: "DELETE" })).status).toBe(200);
    expect(await storedZone(user.id)).toBe("Europe/Madrid");

    // The user's own browser still moves it.
    const own = { token: user.token, cookie: "lc_tz=America%2FNew_York" };
    expect((await api(`/api/user/${user.id}/favorites`, { ...own, method: "POST", body })).status).toBe(201);
    expect(await storedZone(user.id)).toBe("America/New_York");
  });
});
