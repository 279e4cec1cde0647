/**
 * Malformed and oversized requests, as a fuzzer sends them: every one gets a clear 4xx, never a 500 or
 * a stack trace, and none changes data.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { uniqueEmail } from "../../support/identities";
import { fetchApp, fetchAppAnswerOnly, ORIGIN } from "../helpers";

/** Every page that has an action, each reached both as a page and as its single-fetch `.data` twin. */
const PAGE_ACTIONS = [
  "/login",
  "/register",
  "/forgot-password",
  "/reset-password",
  "/verify-email",
  "/check-email",
  "/checkout",
  "/mock-checkout",
  "/cards",
  "/login/link",
  "/dashboard",
  "/admin",
];
const dataTwin = (path: string) => `${path}.data`;

const MALFORMED_BODIES: { label: string; headers: Record<string, string>; body?: BodyInit }[] = [
  { label: "text/plain", headers: { "Content-Type": "text/plain" }, body: "email=a@example.com" },
  { label: "JSON", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: "a@example.com", intent: "password" }) },
  { label: "no body and no type", headers: {} },
  {
    label: "multipart without a boundary",
    headers: { "Content-Type": "multipart/form-data" },
    body: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na\r\n--x--',
  },
  {
    label: "truncated multipart",
    headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
    body: '--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\na@exa',
  },
];

function post(path: string, headers: Record<string, string>, body?: BodyInit) {
  return fetchApp(path, { method: "POST", headers: { Origin: ORIGIN, ...headers }, body });
}

async function userCount(): Promise<number> {
  return (await env.DB.prepare("SELECT count(*) AS n FROM users").first<{ n: number }>())!.n;
}

describe("malformed bodies to page actions", () => {
  it("every page action and its .data twin answer each malformed body with a 4xx and a message", async () => {
    const failures: string[] = [];
    for (const path of PAGE_ACTIONS) {
      for (const target of [path, dataTwin(path)]) {
        for (const { label, headers, body } of MALFORMED_BODIES) {
          const response = await post(target, headers, body);
          const text = await response.text();
          if (response.status < 400 || response.status >= 500 || !text.trim()) failures.push(`${target} with ${label}: ${response.status}`);
          if (/\n\s+at /.test(text)) failures.push(`${target} with ${label}: stack trace in the body`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("says what was wrong: 415 for a type a page does not take, 400 for a form it cannot read", async () => {
    const json = await post("/login", { "Content-Type": "application/json" }, "{}");
    expect(json.status).toBe(415);
    expect(await json.text()).toContain("accepts only form submissions");
    const truncated = await post("/register", MALFORMED_BODIES[4]!.headers, MALFORMED_BODIES[4]!.body);
    expect(truncated.status).toBe(400);
    expect(await truncated.text()).toContain("The form could not be read");
  });
});

describe("request bodies over the limit", () => {
  const TWO_MB = "x".repeat(2 * 1024 * 1024);

  it("a 2 MB body is refused with 413 before anything is written, by page and by API", async () => {
    const before = await userCount();
    const email = uniqueEmail("huge");
    const api = await fetchApp("/api/auth/register", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password: "Morning light 2026", confirmPassword: "Morning light 2026", padding: TWO_MB }),
    });
    expect(api.status).toBe(413);
    expect(((await api.json()) as { error: string }).error).toContain("too large");
    const page = await post(
      "/register",
      { "Content-Type": "application/x-www-form-urlencoded" },
      new URLSearchParams({ email, password: "Morning light 2026", confirmPassword: "Morning light 2026", padding: TWO_MB }).toString(),
    );
    expect(page.status).toBe(413);
    expect(await userCount()).toBe(before);
  });

  it("a chunked body without a Content-Length is counted as it streams", async () => {
    const before = await userCount();
    const chunk = new TextEncoder().encode(`email=${encodeURIComponent(uniqueEmail("stream"))}&padding=${"y".repeat(16 * 1024)}`);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 10) return controller.close();
        sent++;
        controller.enqueue(chunk);
      },
    });
    const response = await fetchAppAnswerOnly("/register", {
      method: "POST",
      headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      body: stream,
      // @ts-expect-error: workerd's fetch takes a streamed request body as is (Node's would want duplex: "half").
      duplex: "half",
    });
    expect(response.status).toBe(413);
    expect(await userCount()).toBe(before);
  });

  it("the Stripe webhook may take up to 1 MB (then still needs a valid signature)", async () => {
    const response = await fetchApp("/api/stripe/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=bad" },
      body: JSON.stringify({ padding: "z".repeat(512 * 1024) }),
    });
    expect(response.status).toBe(400);
  });
});

describe("the JSON API answers in JSON", () => {
  it("an unknown /api/ path is a JSON 404 for any method", async () => {
    for (const method of ["GET", "POST", "PUT", "DELETE"]) {
      const response = await fetchApp("/api/does-not-exist", {
        method,
        headers: { "Content-Type": "application/json" },
        body: method === "GET" ? undefined : "{}",
      });
      expect(response.status, method).toBe(404);
      expect(response.headers.get("Content-Type"), method).toContain("application/json");
      expect(await response.json()).toEqual({ error: "Not found." });
    }
  });

  it("another method to a POST-only or DELETE-only JSON route is 405 with Allow, and creates nothing", async () => {
    const email = uniqueEmail("method");
    const routes: [string, unknown][] = [
      ["/api/auth/register", { email, password: "Morning light 2026", confirmPassword: "Morning light 2026" }],
      ["/api/mock-payment", { email }],
      ["/api/auth/forgot-password", { email }],
      ["/api/auth/sign-in-link", { email }],
      ["/api/auth/resend-verification", { email }],
      // Every other JSON API action: the method is checked before anything else (jsonAction, app/modules/api).
      ["/api/auth/login", { email, password: "Morning light 2026" }],
      ["/api/auth/logout", {}],
      ["/api/auth/reset-password", { token: "x", password: "Morning light 2026" }],
      ["/api/auth/verify-email", { token: "x" }],
      ["/api/activity", { cardId: "x", activityType: "view" }],
      ["/api/check-access", { email }],
      ["/api/grant-access", { email }],
      ["/api/experiments/events", { event: "preview_click", target: "tab" }],
      ["/api/favorites", { userId: "x", cardId: "x" }],
      ["/api/stripe/webhook", {}],
      ["/api/user/x/check-badges", {}],
    ];
    const deleteOnly: [string, unknown][] = [
      ["/api/favorites/x/y", {}],
      ["/api/user/x/favorites/y", {}],
    ];
    const cases = [
      ...routes.map(([path, body]) => ({ path, body, allow: "POST", methods: ["PUT", "PATCH", "DELETE"] })),
      ...deleteOnly.map(([path, body]) => ({ path, body, allow: "DELETE", methods: ["POST", "PUT", "PATCH"] })),
    ];
    for (const { path, body, allow, methods } of cases) {
      for (const method of methods) {
        const response = await fetchApp(path, { method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
        expect(response.status, `${method} ${path}`).toBe(405);
        expect(response.headers.get("Allow"), `${method} ${path}`).toBe(allow);
        expect(((await response.json()) as { error: string }).error).toContain("Method not allowed");
      }
    }
    const created = await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = ?").bind(email).first<{ n: number }>();
    expect(created!.n).toBe(0);
  });

  it("a wrong method on a GET-only route is a JSON 405 without a stack, in development too", async () => {
    for (const path of ["/api/cards", "/api/auth/me"]) {
      const response = await fetchApp(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
      expect(response.status, path).toBe(405);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body.error).toContain("Method not allowed");
      expect(body).not.toHaveProperty("stack");
    }
  });

  it("a failing data request never carries a stack trace", async () => {
    for (const path of ["/no-such-page.data", "/sample-card.data", "/api/cards"]) {
      const response = await fetchApp(path, {
        method: "POST",
        headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
        body: "a=1",
      });
      const text = await response.text();
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
      expect(text, path).not.toMatch(/\bat .*\.(js|ts):\d+/);
      expect(text, path).not.toContain('"stack"');
    }
  });
});
