/**
 * Work after the response (`runAfterResponse`, app/modules/background/after-response.server.ts): the reset form
 * answers at once for every email, and the account lookup behind it runs afterwards, retried twice (about 0.5 s, then
 * 2 s) when D1 fails. The retries run on the test's clock: the test moves time on instead of waiting for it.
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createVerifiedUser, fetchAppWith, latestEmailTo, ORIGIN, testEnv } from "./helpers";

/** The test database, whose first `times` lookups of a user by email fail as a busy D1 would. */
function d1FailingUserLookups(times: number) {
  let failuresLeft = times;
  const prepare = (target: D1Database | D1DatabaseSession) => (query: string) => {
    if (failuresLeft > 0 && /from "users" where .*"email"/i.test(query)) {
      failuresLeft--;
      throw new Error("D1_ERROR: the database is busy");
    }
    return target.prepare(query);
  };
  const session = (target: D1DatabaseSession) =>
    new Proxy(target, {
      get: (inner, property) =>
        property === "prepare"
          ? prepare(inner)
          : (Reflect.get(inner, property, inner)?.bind?.(inner) ?? Reflect.get(inner, property, inner)),
    });
  const DB = new Proxy(env.DB, {
    get(target, property) {
      if (property === "withSession") return (constraint?: string) => session(target.withSession(constraint));
      if (property === "prepare") return prepare(target);
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { DB, failuresLeft: () => failuresLeft };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("work after the response", () => {
  it("retries a failed account lookup on the test's clock, and the reset email still goes out", async () => {
    const { email } = await createVerifiedUser();
    const failing = d1FailingUserLookups(2);
    const warnings: string[] = [];
    vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => void warnings.push(args.map(String).join(" ")));
    vi.useFakeTimers({ toFake: ["setTimeout"] });

    let answered = false;
    const request = fetchAppWith({ ...testEnv(), DB: failing.DB } as ReturnType<typeof testEnv>, "/forgot-password", {
      method: "POST",
      headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email }).toString(),
    }).finally(() => {
      answered = true;
    });
    // The retries wait 0.5 s and 2 s: the clock moves on while the request and its after-response work finish.
    while (!answered) await vi.advanceTimersByTimeAsync(250);
    expect((await request).status).toBe(302);

    expect(failing.failuresLeft()).toBe(0);
    expect(warnings.filter((line) => /failed \(attempt \d\); retrying in (500|2000) ms/.test(line))).toHaveLength(2);
    const { link } = await latestEmailTo(email);
    expect(link).toContain("/reset-password?token=");
  });
});
