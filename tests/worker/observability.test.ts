import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { uniqueEmail } from "../support/identities";
import { consoleErrors, createVerifiedUser, fetchApp, latestEmailTo, postForm, postJson, signInCookie, visibleText } from "./helpers";

/**
 * Logs a person can use (docs/decisions/029): a failed request logs one JSON line whose requestId is the reference its
 * 500 page shows, and no line of a sign-in, a password reset or a purchase carries a secret, a password or a token.
 */
type LogLine = {
  level: string;
  type: string;
  requestId?: string;
  route?: string;
  status?: number;
  durationMs?: number;
  d1Ms?: number;
  error?: { message: string; stack?: string; cause?: { message: string } };
};

/** Every console line of the test (console.error is also recorded for the setup's check: see expectLogged). */
const printed: string[] = [];
beforeEach(() => {
  printed.length = 0;
  for (const method of ["log", "info", "warn", "debug"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      printed.push(args.map(String).join(" "));
    });
  }
});

function errorLines(): LogLine[] {
  return consoleErrors.map((args) => JSON.parse(args.map(String).join(" ")) as LogLine);
}

/** The D1 table the signed-in dashboard reads, taken away for one test: its page then fails with a 500. */
async function breakDashboard() {
  await env.DB.exec("ALTER TABLE user_stats RENAME TO user_stats_away");
  return async () => {
    await env.DB.exec("ALTER TABLE user_stats_away RENAME TO user_stats");
  };
}

describe("a request that fails", () => {
  let restore: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await restore?.();
    restore = undefined;
  });

  it("shows its cf-ray as the 500 page's reference, and logs one line with that id, the route, timings and the stack", async () => {
    const { email } = await createVerifiedUser();
    const cookie = await signInCookie(email);
    restore = await breakDashboard();
    const ray = "8e1f2a3b4c5d6e7f-LHR";
    const response = await fetchApp("/dashboard?tab=stats", { headers: { Cookie: cookie, "cf-ray": ray } });

    expect(response.status).toBe(500);
    expect(response.headers.get("Cache-Control")).toMatch(/private|no-store/);
    const html = await response.text();
    expect(visibleText(html)).toContain(`If it keeps happening, tell us this reference: ${ray}`);

    const lines = errorLines();
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({ level: "error", type: "request", requestId: ray, route: "/dashboard", status: 500 });
    expect(line?.durationMs).toBeGreaterThanOrEqual(0);
    expect(line?.d1Ms).toBeGreaterThanOrEqual(0);
    expect(line?.error?.message).toMatch(/^Failed query: select .* from "user_stats"/);
    expect(line?.error?.cause?.message).toMatch(/no such table: user_stats/);
    // The query's bound values (here the user's id) stay out of the line.
    expect(JSON.stringify(line)).toContain("params: (not logged)");
    expect(line?.error?.stack).toContain("Error");
    consoleErrors.length = 0;
  });

  it("mints a reference where Cloudflare gives none, and the page and the line agree", async () => {
    const { email } = await createVerifiedUser();
    const cookie = await signInCookie(email);
    restore = await breakDashboard();
    const html = await (await fetchApp("/dashboard", { headers: { Cookie: cookie } })).text();
    const reference = /<code id="request-reference"[^>]*>([^<]+)<\/code>/.exec(html)?.[1];
    expect(reference).toMatch(/^[0-9a-f]{16}-LOCAL$/);
    expect(errorLines().map((line) => line.requestId)).toEqual([reference]);
    consoleErrors.length = 0;
  });

  it("never puts a reference on a page that did not fail, so a public page stays cacheable", async () => {
    const response = await fetchApp("/", { headers: { "cf-ray": "8e1f2a3b4c5d6e7f-LHR" } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain("request-reference");
    expect(html).not.toContain("8e1f2a3b4c5d6e7f");
    expect(errorLines()).toEqual([]);
  });
});

describe("what the logs never hold", () => {
  it("a sign-in, a password reset and a purchase log lines without a password, token, secret or email body", async () => {
    const password = "Log-scan password 2026!";
    const { email } = await createVerifiedUser(uniqueEmail("logscan"), password);
    const session = await signInCookie(email, password);

    await postForm("/forgot-password", { email });
    const reset = await latestEmailTo(email);
    const newPassword = "Log-scan new password 2026!";
    const { pathname, search } = new URL(reset.link ?? "");
    await postForm(pathname + search, { token: reset.token ?? "", password: newPassword, confirmPassword: newPassword });
    // The reset ended the first session; the failing request below is made with the new one.
    const newSession = await signInCookie(email, newPassword);

    const buyer = uniqueEmail("logscan-buyer");
    expect((await postJson("/api/mock-payment", { email: buyer })).status).toBe(200);
    const receipt = await latestEmailTo(buyer);

    // A request that fails with a token in its query: its line names the path alone.
    const restore = await breakDashboard();
    const failed = await fetchApp("/dashboard?token=query-token-that-must-not-be-logged", { headers: { Cookie: newSession } });
    expect(failed.status).toBe(500);
    await restore();

    const lines = [...printed, ...consoleErrors.map((args) => args.map(String).join(" "))];
    // The queue logged its batches (the reset email, the receipt), and the failure its line: there was something to scan.
    expect(lines.some((line) => line.includes('"type":"queue"'))).toBe(true);
    expect(lines.some((line) => line.includes('"type":"request"'))).toBe(true);
    const secrets = [
      password,
      newPassword,
      reset.token,
      receipt.token,
      "query-token-that-must-not-be-logged",
      session.split("=")[1]?.split(";")[0],
      newSession.split("=")[1]?.split(";")[0],
      reset.text.slice(0, 40),
      receipt.text.slice(0, 40),
    ].filter((value): value is string => Boolean(value));
    for (const line of lines) {
      for (const secret of secrets) expect(line).not.toContain(secret);
    }
    consoleErrors.length = 0;
  });
});
