/**
 * Forms that take an email must not tell a stranger anything about it: not by status, not by body, not by
 * how long they take, not by failing differently when the email provider is down. And no page's headers tell one
 * buyer what another opened.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../../worker/index";
import { fakeResend } from "../../fakes/resend";
import { brokenUpstash } from "../../fakes/upstash";
import { uniqueEmail } from "../../support/identities";
import { deliver } from "../email-queue";
import { countEmailsTo, createVerifiedUser, expectConsoleError, fetchAppWithEnv, ORIGIN, PRODUCTION, postForm, testEnv } from "../helpers";
import { buyer } from "../library-support";

/** A buyer (paid in test mode) and an email that has never been seen. */
async function buyerAndStranger() {
  const buyer = uniqueEmail("buyer");
  const paid = await fetchAppWithEnv({}, "/api/mock-payment", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: buyer }),
  });
  expect(paid.status).toBe(200);
  return { buyer, stranger: uniqueEmail("stranger") };
}

/**
 * Everything a client sees of an answer, with the per-request tokens masked: the CSP nonce, and the
 * flash toast's random id (the toast cookie is decoded so its text is still compared).
 */
async function observable(response: Response) {
  const headers = [...response.headers]
    .filter(([name]) => name !== "content-security-policy" && name !== "set-cookie")
    .concat(response.headers.getSetCookie().map((cookie) => ["set-cookie", withoutToastId(cookie)] as [string, string]));
  return { status: response.status, headers, body: await response.text() };
}

function withoutToastId(setCookie: string): string {
  const match = /^lc_toast=([^;]*)(.*)$/.exec(setCookie);
  if (!match) return setCookie;
  const [payload] = decodeURIComponent(match[1]!).split(".");
  const session = JSON.parse(atob(payload!)) as Record<string, { id?: string }>;
  for (const value of Object.values(session)) delete value.id;
  return `lc_toast=${JSON.stringify(session)}${match[2]}`;
}

function gateRequest(email: string) {
  return new Request(new URL("/cards", ORIGIN), {
    method: "POST",
    redirect: "manual",
    headers: { Host: new URL(ORIGIN).host, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "check-access", email }).toString(),
  });
}

/**
 * Production with a Resend key, where Resend never answers until `release()`, then fails: a request (or its
 * after-response work) that waited for the provider would never finish. Email goes to a recording queue, which
 * `deliver` then runs through the Worker's consumer.
 */
function hangingEmailProvider() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const { sent } = fakeResend(async () => {
    await released;
    return Response.json({ message: "provider down" }, { status: 500 });
  });
  return {
    get calls() {
      return sent.map((email) => email.body.to[0]!);
    },
    release,
    vars: testEnv({ ...PRODUCTION, RESEND_API_KEY: "re_test_key" }),
  };
}

describe("the access gate's 'Check Access'", () => {
  it("answers a buyer, a registered non-buyer and a stranger byte for byte the same", async () => {
    const { buyer, stranger } = await buyerAndStranger();
    const { email: member } = await createVerifiedUser();
    const before = { buyer: await countEmailsTo(buyer), member: await countEmailsTo(member) };
    const answers = await Promise.all(
      [buyer, member, stranger].map(async (email) => observable(await postForm("/cards", { intent: "check-access", email }))),
    );
    expect(answers[0]!.status).toBe(302);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    // ... and only the buyer's mailbox gets the link, after the answer.
    expect(await countEmailsTo(buyer)).toBe(before.buyer + 1);
    expect(await countEmailsTo(member)).toBe(before.member);
    expect(await countEmailsTo(stranger)).toBe(0);
  });

  it("answers before the email provider does, and a failing provider changes nothing a stranger can see", { timeout: 20_000 }, async () => {
    const { buyer, stranger } = await buyerAndStranger();
    const provider = hangingEmailProvider();
    const buyerCtx = createExecutionContext();
    const strangerCtx = createExecutionContext();
    // Both answers arrive while the provider is still hanging on the buyer's email.
    const buyerAnswer = await worker.fetch(gateRequest(buyer) as Request<unknown, IncomingRequestCfProperties>, provider.vars, buyerCtx);
    const strangerAnswer = await worker.fetch(
      gateRequest(stranger) as Request<unknown, IncomingRequestCfProperties>,
      provider.vars,
      strangerCtx,
    );
    expect(await observable(buyerAnswer)).toEqual(await observable(strangerAnswer));
    expect(buyerAnswer.status).toBe(302);

    // All the work of both requests, the account lookup and the queued email included, ends while the provider hangs.
    await Promise.all([waitOnExecutionContext(buyerCtx), waitOnExecutionContext(strangerCtx)]);
    expect(provider.calls).toEqual([]);
    expect(provider.vars.EMAIL_QUEUE.pending).toHaveLength(1);

    provider.release();
    await deliver(provider.vars, provider.vars.EMAIL_QUEUE);
    // The consumer tried the buyer's link five times (retried, then dead-lettered: failed on /admin), never the stranger's.
    expect(provider.calls).toEqual(Array.from({ length: 5 }, () => buyer));
    expectConsoleError(/sign-in link\) failed after 5 attempts: Resend answered 500/);
  });
});

describe("forgot password and the sign-in link form", () => {
  it("answer an account and a stranger the same, at once, even when the provider fails", { timeout: 20_000 }, async () => {
    const { email } = await createVerifiedUser();
    const stranger = uniqueEmail("stranger");
    const provider = hangingEmailProvider();
    for (const [path, body] of [
      ["/api/auth/forgot-password", (address: string) => JSON.stringify({ email: address })],
      ["/api/auth/sign-in-link", (address: string) => JSON.stringify({ email: address })],
    ] as const) {
      const contexts = [createExecutionContext(), createExecutionContext()];
      const answers = await Promise.all(
        [email, stranger].map(async (address, index) =>
          observable(
            await worker.fetch(
              new Request(new URL(path, ORIGIN), {
                method: "POST",
                headers: { "Content-Type": "application/json" },
                body: body(address),
              }) as Request<unknown, IncomingRequestCfProperties>,
              provider.vars,
              contexts[index]!,
            ),
          ),
        ),
      );
      expect(answers[0]!.status, path).toBe(200);
      expect(answers[1], path).toEqual(answers[0]);
      await Promise.all(contexts.map((ctx) => waitOnExecutionContext(ctx)));
    }
    // Nothing waited for the provider; one email per form, both for the account, sit in the queue.
    expect(provider.calls).toEqual([]);
    expect(provider.vars.EMAIL_QUEUE.pending).toHaveLength(2);
    provider.release();
    await deliver(provider.vars, provider.vars.EMAIL_QUEUE);
    expect(provider.calls).toEqual(Array.from({ length: 10 }, () => email));
    expectConsoleError(/\(Reset your LIGHT Cards password\) failed after 5 attempts: Resend answered 500/);
    expectConsoleError(/sign-in link\) failed after 5 attempts: Resend answered 500/);
  });

  it("the forgot-password page answers every email with the same redirect and toast", async () => {
    const { email } = await createVerifiedUser();
    const answers = await Promise.all(
      [email, uniqueEmail("stranger")].map(async (address) => observable(await postForm("/forgot-password", { email: address }))),
    );
    expect(answers[0]!.status).toBe(302);
    expect(answers[1]).toEqual(answers[0]);
  });
});

describe("the gate's failures show the spec's toasts, not the error page", () => {
  // Upstash configured but answering 500 (tests/fakes/upstash.ts): the limiter cannot decide, so the request must not proceed.
  it("'Check Access' that cannot be checked says 'Failed to verify access. Please try again.'", async () => {
    const upstash = brokenUpstash();
    const response = await postForm("/cards", { intent: "check-access", email: uniqueEmail("someone") }, { env: upstash.vars });
    expect(upstash.requests.length).toBeGreaterThan(0);
    expect(response.status).toBe(503);
    const html = await response.text();
    expect(html).toContain("Failed to verify access. Please try again.");
    expect(html).toContain("Access Your Collection");
    expectConsoleError(/Failed to verify access/);
  });

  it("'Grant Access (Dev)' that fails says 'Failed to grant access. Please try again.'", async () => {
    const upstash = brokenUpstash();
    const response = await postForm("/cards", { intent: "dev-grant", email: uniqueEmail("someone") }, { env: upstash.vars });
    expect(upstash.requests.length).toBeGreaterThan(0);
    expect(response.status).toBe(503);
    expect(await response.text()).toContain("Failed to grant access. Please try again.");
    expectConsoleError(/Failed to grant access/);
  });
});

describe("what one buyer opened (a page's timing and headers)", () => {
  /** What a page's headers say about how it was made, durations aside: the names and descriptions of Server-Timing. */
  async function howItWasMade(path: string, cookie: string) {
    const response = await fetchAppWithEnv({ PUBLIC_CONTENT_TTL_SECONDS: "3600" }, path, {
      headers: { Cookie: cookie, Accept: "text/html" },
    });
    expect(response.status).toBe(200);
    await response.text();
    return (response.headers.get("Server-Timing") ?? "").replace(/;dur=[\d.]+/g, "");
  }

  it("a buyer's search reads the same whether or not another buyer just ran it", async () => {
    const other = await buyer("other-reader");
    const me = await buyer("prober");
    const opened = `/cards?q=${encodeURIComponent("light")}`;
    const notOpened = `/cards?q=${encodeURIComponent("peace")}`;
    await howItWasMade(opened, other.cookie);
    expect(await howItWasMade(opened, me.cookie)).toBe(await howItWasMade(notOpened, me.cookie));
  });
});
