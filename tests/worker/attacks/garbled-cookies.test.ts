/**
 * Every cookie the app reads, as an attacker or a broken browser sends it: not base64, broken percent-encoding,
 * overlong, or a value without its signature. A garbled cookie reads as no cookie: the page answers as it would
 * without one, never with a 500 (Remix's unsign throws on a signature that is not base64).
 */
import { describe, expect, it } from "vitest";
import { createVerifiedUser, fetchApp, postForm } from "../helpers";

const GARBLED = {
  "not base64": "garbage!!",
  "broken percent-encoding": "%E0%A4%A.%ZZ",
  overlong: `${"A".repeat(8_000)}.${"B".repeat(8_000)}`,
  "no signature": "eyJ1c2VyIjoiYWRtaW4ifQ%3D%3D",
};

/** Each cookie and a request that reads it. */
const READERS: { cookie: string; request: (cookie: string) => Promise<Response> }[] = [
  { cookie: "lc_session", request: (cookie) => fetchApp("/sample-card", { headers: { Cookie: cookie } }) },
  { cookie: "lc_toast", request: (cookie) => fetchApp("/login", { headers: { Cookie: cookie } }) },
  { cookie: "lc_ab", request: (cookie) => fetchApp(`/?garbled=${crypto.randomUUID()}`, { headers: { Cookie: cookie } }) },
  { cookie: "lc_checkout", request: (cookie) => fetchApp("/checkout", { headers: { Cookie: cookie } }) },
  { cookie: "lc_oauth", request: (cookie) => fetchApp("/auth/google/callback?code=c&state=s", { headers: { Cookie: cookie } }) },
  { cookie: "lc_d1", request: (cookie) => fetchApp("/sample-card", { headers: { Cookie: cookie } }) },
];

describe("a garbled cookie", () => {
  it("reads as no cookie on every page that reads one: no 500, no stack trace", async () => {
    const failures: string[] = [];
    for (const { cookie, request } of READERS) {
      for (const [label, value] of Object.entries(GARBLED)) {
        const response = await request(`${cookie}=${value}`);
        const body = await response.text();
        if (response.status >= 500) failures.push(`${cookie}, ${label}: ${response.status}`);
        if (/\n\s+at /.test(body)) failures.push(`${cookie}, ${label}: stack trace in the body`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("in the registering browser's cookie, verifying by link still asks for the password instead of failing", async () => {
    const { email } = await createVerifiedUser();
    for (const value of Object.values(GARBLED)) {
      const response = await postForm("/verify-email", { token: "not-a-real-token" }, { cookie: `lc_registered=${value}` });
      expect(response.status, `lc_registered=${value.slice(0, 20)} (${email})`).toBeLessThan(500);
    }
  });
});
