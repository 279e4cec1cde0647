/**
 * A/B assignments in KV (docs/decisions/020-ab-tests.md) as a stranger fills them: every cookie-less landing request
 * is a new visitor, and each wrote a KV key that never expired (10 requests: 3 keys to 13, for good). A visitor's
 * assignment now expires with its cookie, a year on: what a flood writes, KV lets go.
 */
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { fetchApp } from "../helpers";

beforeEach(async () => {
  await env.AB_KV.delete("experiments:settings");
});

describe("cookie-less landing requests", () => {
  it("leave only visitor assignments that expire within a year and a day", async () => {
    for (let i = 0; i < 10; i++) await (await fetchApp(`/?flood=${i}`)).text();
    const { keys } = await env.AB_KV.list({ prefix: "assign:visitor:" });
    expect(keys.length).toBeGreaterThanOrEqual(10);
    const latest = Date.now() / 1000 + 366 * 24 * 60 * 60;
    expect(keys.filter((key) => !key.expiration || key.expiration > latest).map((key) => key.name)).toEqual([]);
  });
});
