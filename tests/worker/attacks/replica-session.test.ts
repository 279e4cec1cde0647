/**
 * A session ended a moment ago (a password reset, "Sign out of all devices") may still be live on a read replica that
 * lags the primary. A request that presents a session without a bookmark therefore checks it on the primary; only a
 * visitor's page reads from a replica (docs/decisions/023-d1-sessions.md).
 */
import { describe, expect, it } from "vitest";
import { recordingD1 } from "../d1-support";
import { fetchAppWithBindings } from "../helpers";
import { buyer } from "../library-support";

describe("a session presented without a bookmark", () => {
  it("is checked on the primary, for a page (cookie) and for the API (bearer token)", async () => {
    const me = await buyer("replica");
    const page = recordingD1();
    expect((await fetchAppWithBindings({ DB: page.DB }, "/cards", { headers: { Cookie: me.cookie } })).status).toBe(200);
    expect(page.sessions).toEqual(["first-primary"]);

    const api = recordingD1();
    const stats = await fetchAppWithBindings({ DB: api.DB }, `/api/user/${me.id}/stats`, {
      headers: { Authorization: `Bearer ${me.token}` },
    });
    expect(stats.status).toBe(200);
    expect(api.sessions).toEqual(["first-primary"]);
  });

  it("a visitor's page still reads anywhere", async () => {
    const visitor = recordingD1();
    expect((await fetchAppWithBindings({ DB: visitor.DB }, `/sample-card?replica=${crypto.randomUUID()}`)).status).toBe(200);
    expect(visitor.sessions).toEqual(["first-unconstrained"]);
  });
});
