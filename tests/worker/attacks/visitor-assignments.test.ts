/**
 * A/B assignments (docs/decisions/020-ab-tests.md) as a stranger floods them: every cookie-less landing request is a
 * new visitor. Each once wrote a KV key that never expired (10 requests: 3 keys to 13, for good), then one that
 * expired with its cookie a year on. A visitor's variant now comes from the hash of its signed id, and its
 * assignment lives in its own cookie: a flood writes nothing to KV, and reads nothing from it.
 */
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { fetchAppWithBindings } from "../helpers";

beforeEach(async () => {
  await env.AB_KV.delete("experiments:settings");
});

/** The real KV, with every read and write of an assignment counted. */
function countingKv() {
  const calls: string[] = [];
  const kv = new Proxy(env.AB_KV, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      return (key: unknown, ...rest: unknown[]) => {
        if (typeof key === "string" && key.startsWith("assign:")) calls.push(`${String(property)} ${key}`);
        return value.call(target, key, ...rest);
      };
    },
  });
  return { kv, calls };
}

describe("cookie-less landing requests", () => {
  it("neither read nor write a visitor's assignment in KV", async () => {
    const { kv, calls } = countingKv();
    for (let i = 0; i < 10; i++) {
      const response = await fetchAppWithBindings({ AB_KV: kv }, `/?flood=${i}`);
      expect(response.status).toBe(200);
      expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("lc_ab="))).toBe(true);
      await response.text();
    }
    expect(calls).toEqual([]);
    expect((await env.AB_KV.list({ prefix: "assign:visitor:" })).keys).toEqual([]);
  });
});
