/**
 * An address too long to carry back: a redirect that repeated it in its Location header (100 KB) made clients fail
 * with "headers overflow", so the visitor got no sign-in page at all. A return path over 2 KB is dropped instead.
 */
import { describe, expect, it } from "vitest";
import { fetchApp } from "../helpers";

describe("an overlong address", () => {
  it("GET /dashboard?q=<100 KB>: the sign-in redirect drops the return path instead of carrying 100 KB in Location", async () => {
    const response = await fetchApp(`/dashboard?q=${"a".repeat(100_000)}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
  });

  it("a return path up to 2 KB still comes back", async () => {
    const response = await fetchApp(`/dashboard?q=${"a".repeat(1_000)}`);
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(`/dashboard?q=${"a".repeat(1_000)}`)}`);
  });

  it("GET /checkout?cta=hero&q=<100 KB>: the click's redirect goes to /checkout without the query", async () => {
    const response = await fetchApp(`/checkout?cta=hero&q=${"a".repeat(100_000)}`);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/checkout");
  });
});
