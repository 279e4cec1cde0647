/**
 * The OAuth providers faked at the fetch boundary, for Worker tests: Google's token endpoint and GitHub's
 * token endpoint and REST API answer from a handler the test gives; the authorization pages are never
 * fetched (the browser is only redirected to them).
 */
import { type FetchHandler, fakeHosts } from "./fetch";

/** Both providers configured, with the client ids the fake tokens are issued to. */
export const OAUTH_ENV = {
  GOOGLE_CLIENT_ID: "g-id",
  GOOGLE_CLIENT_SECRET: "g-secret",
  GITHUB_CLIENT_ID: "gh-id",
  GITHUB_CLIENT_SECRET: "gh-secret",
};

/** oauth2.googleapis.com (Google's token endpoint), github.com (GitHub's token endpoint), api.github.com (/user, /user/emails). */
const OAUTH_HOSTS = ["oauth2.googleapis.com", "github.com", "api.github.com"] as const;

/**
 * Sends the provider hosts to `handler` (every other host goes through) until `stop()` or the end of the test.
 * `requests` holds a copy of every request the providers received, bodies unread.
 */
export function fakeOAuth(handler: FetchHandler) {
  const requests: Request[] = [];
  const hosts = fakeHosts(OAUTH_HOSTS, (request) => {
    requests.push(request.clone() as Request); // workers-types types clone() with other generics
    return handler(request);
  });
  return { requests, stop: hosts.stop };
}

export function base64url(value: string): string {
  return btoa(value).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** An unsigned JWT shaped like Google's ID token (the app decodes it without checking the signature). */
export function fakeIdToken(claims: Record<string, unknown>): string {
  const header = base64url(JSON.stringify({ alg: "RS256", kid: "test", typ: "JWT" }));
  const issued = { iss: "https://accounts.google.com", aud: OAUTH_ENV.GOOGLE_CLIENT_ID, sub: "1234567890", iat: 1, exp: 4102444800 };
  const payload = base64url(JSON.stringify({ ...issued, ...claims }));
  return `${header}.${payload}.${base64url("not-a-real-signature")}`;
}
