import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { apiError, jsonAction } from "~/modules/api/json.server";

/** What a JSON API route's caller sees from the shared action helper (the routes are app/routes/api.*). */
const args = (method: string, body?: string) =>
  ({ request: new Request("https://cards.example/api/thing", { method, body }), params: {}, context: {} }) as unknown as ActionFunctionArgs;

const schema = z.object({ email: z.string().email("Please enter a valid email address") });
const stranger = async () => {
  throw apiError(401, "Authentication required.");
};

async function answer(promise: Promise<Response>): Promise<Response> {
  try {
    return await promise;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("jsonAction", () => {
  afterEach(() => vi.restoreAllMocks());

  it("answers another method 405 with Allow, before anything else runs", async () => {
    const handle = vi.fn(async () => Response.json({ ok: true }));
    const action = jsonAction({ caller: stranger, body: schema }, handle);
    const response = await answer(action(args("PUT", "{}")));
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
    expect(handle).not.toHaveBeenCalled();
    expect((await answer(jsonAction({ method: "DELETE" }, handle)(args("POST")))).headers.get("Allow")).toBe("DELETE");
  });

  it("checks the caller before the body: a stranger with a bad body gets 401, not 400", async () => {
    const response = await answer(jsonAction({ caller: stranger, body: schema }, async () => Response.json({}))(args("POST", "not json")));
    expect(response.status).toBe(401);
  });

  it("answers bad JSON and invalid fields 400 with the first message", async () => {
    const action = jsonAction({ body: schema }, async ({ input }) => Response.json(input));
    expect(await (await answer(action(args("POST", "{oops")))).json()).toEqual({ error: "Request body must be valid JSON." });
    const invalid = await answer(action(args("POST", JSON.stringify({ email: "nope" }))));
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { error: string }).error).toBe("Please enter a valid email address");
    expect(await (await answer(action(args("POST", JSON.stringify({ email: "a@b.co" }))))).json()).toEqual({ email: "a@b.co" });
  });

  it("answers work that fails 503 with the route's message, and passes a thrown Response through", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const failing = jsonAction({ failure: "Failed to check access. Please try again." }, async () => {
      throw new Error("D1 is down");
    });
    const response = await answer(failing(args("POST")));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: "Failed to check access. Please try again." });
    expect(warn).toHaveBeenCalledOnce();
    const limited = jsonAction({ failure: "unused" }, async () => {
      throw apiError(429, "Too many requests.");
    });
    expect((await answer(limited(args("POST")))).status).toBe(429);
  });
});
