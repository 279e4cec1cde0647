/**
 * An address typed into a form that hides whether it has an account (forgot password, email me a sign-in link) must
 * not turn up in the logs when D1 fails behind that form, nor in what the health panel keeps: a log reader would learn
 * who tried to sign in, accounts or not. Lines carry ids, never addresses (app/modules/observability/log.server.ts).
 */
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { uniqueEmail } from "../../support/identities";
import { consoleErrors, postForm } from "../helpers";

const printed: string[] = [];
beforeEach(() => {
  printed.length = 0;
  for (const method of ["log", "info", "warn", "debug"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      printed.push(args.map((arg) => (arg instanceof Error ? `${arg.message} ${arg.stack}` : String(arg))).join(" "));
    });
  }
});

/** Everything the Worker printed during the test, errors included (each of those is expected here). */
function everythingLogged(): string {
  const errors = consoleErrors.map((args) =>
    args.map((arg) => (arg instanceof Error ? `${arg.message} ${arg.stack}` : String(arg))).join(" "),
  );
  return [...printed, ...errors].join("\n");
}

/** What D1 keeps for the health panel and the outbox's errors. */
async function everythingStored(): Promise<string> {
  const runs = await env.DB.prepare("SELECT name, detail FROM operation_runs").all();
  const outbox = await env.DB.prepare("SELECT last_error FROM email_outbox WHERE last_error IS NOT NULL").all();
  return JSON.stringify([runs.results, outbox.results]);
}

describe("D1 failing behind the forms that hide whether an address has an account", () => {
  afterEach(async () => {
    await env.DB.exec("ALTER TABLE users_away RENAME TO users").catch(() => undefined);
  });

  it("logs what failed, with the query but without its bound values or the typed address", async () => {
    const typed = uniqueEmail("nobody-here");
    await env.DB.exec("ALTER TABLE users RENAME TO users_away");

    expect((await postForm("/forgot-password", { email: typed })).status).toBe(302);
    expect((await postForm("/login", { intent: "link", email: typed })).status).toBe(302);

    const logged = everythingLogged();
    // The failure was logged (each form's work failed and gave up after its retries)...
    expect(logged).toContain("Password reset email failed after 3 attempts");
    expect(logged).toContain("Sign-in link failed after 3 attempts");
    expect(logged).toMatch(/no such table: users/);
    // ...and nothing of what was typed.
    expect(logged).not.toContain(typed);
    expect(logged.toLowerCase()).not.toContain(typed.split("@")[0]!.toLowerCase());
    expect(await everythingStored()).not.toContain(typed);
    consoleErrors.length = 0;
  });
});
