/**
 * Upstash's REST API faked at the fetch boundary, for Worker tests (tests/support/upstash-rest-server.ts is the
 * real protocol in front of a real Redis, for Node tests). The app is pointed at it with UPSTASH_ENV.
 */
import { type FetchHandler, fakeHosts } from "./fetch";

const UPSTASH_ENV = { UPSTASH_REDIS_REST_URL: "https://upstash.test", UPSTASH_REDIS_REST_TOKEN: "token" };

/** Sends every request to UPSTASH_ENV's URL to `handler`; `requests` counts what the app sent. */
function fakeUpstash(handler: FetchHandler) {
  const requests: Request[] = [];
  const hosts = fakeHosts([new URL(UPSTASH_ENV.UPSTASH_REDIS_REST_URL).host], (request) => {
    requests.push(request);
    return handler(request);
  });
  return { requests, stop: hosts.stop };
}

/** Upstash configured but answering 500 to everything: `vars` point the app at it. */
export function brokenUpstash() {
  const { requests } = fakeUpstash(() => new Response("down", { status: 500 }));
  return { vars: UPSTASH_ENV, requests };
}
